public import CourierCore

/// A change in an outbox: an entry enqueued, being delivered, delivered, failed, set aside; with
/// the counts after it, for a badge.
///
/// ```swift
/// for await event in outbox.events() {
///     badge.count = event.pendingCount
///     if event.kind == .delivered, let note = event.delivery?.value(as: SavedNote.self) { … }
/// }
/// ```
public struct OutboxEvent: Sendable {
    /// What happened, as an open set of values; always include a `default` case when switching.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case snapshot, pending, delivering, delivered, failed, deadLettered, discarded
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The counts as they stand, first in every sequence (after what happened since the
        /// opening, in the first); no entry.
        public static var snapshot: Self { .init(.snapshot) }

        /// An entry was enqueued, or a dead letter retried: it waits for delivery.
        public static var pending: Self { .init(.pending) }

        /// An attempt to deliver the entry began.
        public static var delivering: Self { .init(.delivering) }

        /// The entry was delivered and left the outbox; ``OutboxEvent/delivery`` holds the answer.
        public static var delivered: Self { .init(.delivered) }

        /// An attempt failed; the entry waits for its next (``OutboxEntry/nextAttemptAt``).
        public static var failed: Self { .init(.failed) }

        /// The entry was set aside (``OutboxEntry/deadLetter`` says why).
        public static var deadLettered: Self { .init(.deadLettered) }

        /// A dead letter was discarded and left the outbox.
        public static var discarded: Self { .init(.discarded) }

        /// The kind's name, like `delivered`.
        public var description: String { base.rawValue }
    }

    /// What happened.
    public let kind: Kind

    /// The entry it happened to, as it stands after it; `nil` for ``Kind/snapshot``.
    public let entry: OutboxEntry?

    /// The server's answer, for ``Kind/delivered``.
    public let delivery: OutboxDelivery?

    /// The error of the attempt, for ``Kind/failed`` and for a ``Kind/deadLettered`` that an
    /// attempt caused, as the client threw it (redacted).
    public let error: APIError?

    /// The entries waiting for delivery, after the change.
    public let pendingCount: Int

    /// The dead letters, after the change.
    public let deadLetterCount: Int

    init(
        _ kind: Kind, entry: OutboxEntry? = nil, delivery: OutboxDelivery? = nil, error: APIError? = nil,
        counts: OutboxCounts
    ) {
        self.kind = kind
        self.entry = entry
        self.delivery = delivery
        self.error = error
        self.pendingCount = counts.pending
        self.deadLetterCount = counts.deadLetters
    }
}

/// The entries waiting and set aside.
struct OutboxCounts: Sendable, Equatable {
    var pending: Int
    var deadLetters: Int
}
