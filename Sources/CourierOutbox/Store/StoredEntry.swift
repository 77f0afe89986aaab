import CourierCore
import Foundation

/// An entry as the store keeps it: what is needed to send the call again after a restart (built
/// before the client's header fields and interceptors, so no credential of theirs is kept), the
/// rules it is delivered by, and where its delivery stands.
struct StoredEntry: Sendable, Equatable {
    /// A header field the request set itself.
    struct Header: Sendable, Equatable {
        var name: String
        var value: String
    }

    /// The body: bytes kept in the journal, or a copy of a file body in the store's folder.
    enum Body: Sendable, Equatable {
        case data(Data)
        /// A file in the store's `bodies` folder, by name.
        case file(name: String, length: Int64)
    }

    /// Why an attempt failed, as kept (never the request or its body).
    struct Failure: Sendable, Equatable {
        /// The error's kind (`APIError.Kind`'s name), or empty for a status alone.
        var kind: String
        var status: Int?
        var message: String
        /// Whether no response came (a network failure or a timeout): a returning network
        /// makes such an entry due at once.
        var network: Bool
    }

    /// Why and when an entry was set aside.
    struct DeadLetter: Sendable, Equatable {
        var reason: UInt8
        var failure: Failure?
        /// The start of the server's answer to a refused entry.
        var responseBody: Data?
        var date: Date
    }

    var id: UUID
    /// The order of enqueueing: a group is delivered in this order.
    var sequence: UInt64
    var kind: String
    var group: String?
    /// The `Idempotency-Key` value sent with every attempt.
    var idempotencyKey: String
    /// The request type's name, for logs, metrics and spans.
    var name: String
    var method: String
    /// The path, percent-encoded and relative to the base URL's path, with its query.
    var target: String
    var headers: [Header]
    /// The request's own base URL; `nil` for the client's.
    var baseURL: String?
    var timeout: Duration?
    var acceptableStatusCodes: StatusCodes
    var body: Body?
    var enqueuedAt: Date
    /// How long the entry may wait for delivery, from its enqueueing or the app's retry.
    var expiry: Duration?
    /// When it expires: set aside as a dead letter if not delivered by then.
    var expiresAt: Date?
    /// When and how often to try (its `maximumRetries` + 1 attempts at most).
    var retry: RetryPolicy
    var attempts: Int
    var nextAttemptAt: Date?
    var lastFailure: Failure?
    var deadLetter: DeadLetter?

    var maximumAttempts: Int { retry.maximumRetries + 1 }
}
