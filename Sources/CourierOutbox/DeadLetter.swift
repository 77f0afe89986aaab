public import Foundation

/// Why and when an entry was set aside: it stays in the store, out of delivery, until the app
/// retries or discards it (`Outbox.retry(_:)`, `Outbox.discard(_:)`).
///
/// A dead letter in a group holds the entries after it in that group: they are not sent before
/// it, since they may depend on it.
public struct DeadLetter: Sendable, Hashable {
    /// Why an entry became a dead letter, as an open set of values.
    public struct Reason: Hashable, Sendable, CustomStringConvertible {
        private enum Base: UInt8, Hashable, Sendable {
            case rejected = 1
            case attemptsExhausted = 2
            case expired = 3
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        init(stored: UInt8) {
            base = Base(rawValue: stored) ?? .rejected
        }

        var stored: UInt8 { base.rawValue }

        /// The server refused the entry for good (a 4xx other than those the rules retry), or it
        /// cannot be sent as it is (its request is invalid, its file body is gone).
        public static var rejected: Self { .init(.rejected) }

        /// Its last attempt failed and it had no attempt left.
        public static var attemptsExhausted: Self { .init(.attemptsExhausted) }

        /// It was not delivered before its expiry.
        public static var expired: Self { .init(.expired) }

        /// The reason's name, like `expired`.
        public var description: String {
            switch base {
            case .rejected: "rejected"
            case .attemptsExhausted: "attemptsExhausted"
            case .expired: "expired"
            }
        }
    }

    /// Why the entry was set aside.
    public let reason: Reason

    /// The last attempt's failure, if there was an attempt.
    public let failure: OutboxFailure?

    /// The start (up to 16 KiB) of the body of the server's answer to a rejected entry, for the
    /// app to read its problem description.
    public let responseBody: Data?

    /// When the entry was set aside.
    public let date: Date

    init(_ stored: StoredEntry.DeadLetter) {
        reason = Reason(stored: stored.reason)
        failure = stored.failure.map(OutboxFailure.init)
        responseBody = stored.responseBody
        date = stored.date
    }
}
