public import CourierCore

/// How an entry is delivered: when a failed attempt is tried again, how many attempts it gets,
/// and how long it may wait.
///
/// The retry vocabulary is Courier's own `RetryPolicy`: its `retryableStatusCodes` are the
/// statuses worth another attempt (a network failure or a timeout always is), its back-off (full
/// jitter from `initialBackoff`, doubling, capped at `maximumBackoff`) spaces the attempts, a
/// `Retry-After` header sets the wait when `honorsRetryAfter`, and an entry has at most
/// `maximumRetries + 1` attempts. Its `idempotentMethods` do not matter: every entry carries an
/// `Idempotency-Key`.
///
/// ```swift
/// var rules = DeliveryRules()
/// rules.retry.maximumRetries = 4   // five attempts, then a dead letter
/// rules.expiry = .seconds(24 * 3600)  // a dead letter if not delivered within a day
/// let entry = try await outbox.enqueue(LikeRequest(postID: 7), kind: "like", rules: rules)
/// ```
///
/// An entry keeps the rules it was enqueued with, across restarts.
public struct DeliveryRules: Sendable, Hashable {
    /// When a failed attempt is tried again, after how long, and how many attempts there are.
    public var retry: RetryPolicy

    /// How long an entry may wait for its delivery, from its enqueueing (or from the app's retry
    /// of it as a dead letter); `nil` for no limit. Past it, the entry becomes a dead letter.
    public var expiry: Duration?

    /// The rules an outbox uses unless told otherwise: up to 50 attempts, 1 s of back-off doubling
    /// to at most 15 minutes, 408, 409, 429 and every 5xx tried again, and an expiry of 7 days.
    ///
    /// 409 is there because the Idempotency-Key draft has a server answer 409 to a request whose
    /// key is still being processed (an earlier attempt the client gave up on).
    public init(
        retry: RetryPolicy = RetryPolicy(
            maximumRetries: 49, initialBackoff: .seconds(1), maximumBackoff: .seconds(15 * 60),
            retryableStatusCodes: [408, 409, 429] + .serverError),
        expiry: Duration? = .seconds(7 * 24 * 3600)
    ) {
        self.retry = retry
        self.expiry = expiry
    }

    /// The most attempts an entry gets: `retry.maximumRetries + 1`.
    public var maximumAttempts: Int { max(0, retry.maximumRetries) + 1 }
}
