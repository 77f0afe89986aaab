public import CourierCore
public import Foundation

/// An entry of an outbox: a call waiting to be delivered (or set aside as a dead letter), as the
/// app may see it.
///
/// It shows what the call is and where its delivery stands, not what it sends: its header fields
/// and body stay in the store, and its ``description`` shows the method and the path without the
/// query.
public struct OutboxEntry: Sendable, Identifiable, Hashable, CustomStringConvertible {
    /// The entry's identifier, made when it was enqueued.
    public let id: UUID

    /// What the app said the call is (`"note.save"`), to learn its outcome after a restart and to
    /// decode its response.
    public let kind: String

    /// The group it is delivered in order with, if any.
    public let group: String?

    /// The `Idempotency-Key` value it is sent with on every attempt.
    public let idempotencyKey: String

    /// The request's method.
    public let method: HTTPRequest.Method

    /// The request's path, relative to the base URL, without its query.
    public let path: String

    /// When it was enqueued.
    public let enqueuedAt: Date

    /// When it expires, if it does.
    public let expiresAt: Date?

    /// The most attempts it gets.
    public let maximumAttempts: Int

    /// The attempts made so far that failed (a delivered entry leaves the outbox).
    public let attempts: Int

    /// When it is next tried, when it waits after a failure.
    public let nextAttemptAt: Date?

    /// Why its last attempt failed, if one did.
    public let lastFailure: OutboxFailure?

    /// Why it was set aside, when it is a dead letter.
    public let deadLetter: DeadLetter?

    /// The method, the path without its query, the kind and the group.
    public var description: String {
        var text = "\(method.rawValue) \(path) (\(kind)"
        if let group { text += ", group \(group)" }
        if attempts > 0 { text += ", \(attempts) failed attempt\(attempts == 1 ? "" : "s")" }
        if let deadLetter { text += ", dead letter: \(deadLetter.reason)" }
        return text + ")"
    }

    init(_ stored: StoredEntry) {
        id = stored.id
        kind = stored.kind
        group = stored.group
        idempotencyKey = stored.idempotencyKey
        method = HTTPRequest.Method(stored.method) ?? .post
        let target = stored.target
        path = String(target[..<(target.firstIndex(of: "?") ?? target.endIndex)])
        enqueuedAt = stored.enqueuedAt
        expiresAt = stored.expiresAt
        maximumAttempts = stored.maximumAttempts
        attempts = stored.attempts
        nextAttemptAt = stored.nextAttemptAt
        lastFailure = stored.lastFailure.map(OutboxFailure.init)
        deadLetter = stored.deadLetter.map(DeadLetter.init)
    }
}
