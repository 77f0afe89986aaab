public import HTTPTypes

/// When and how often ``RetryInterceptor`` tries a call again.
///
/// The defaults follow common practice (and Alamofire's `RetryPolicy`): up to two retries;
/// exponential backoff from 0.5 s with full jitter, capped at 30 s; the statuses 408, 429, 500,
/// 502, 503 and 504 and transport failures before any response arrived; idempotent methods only,
/// and other methods only after a failure that left the server unchanged (nothing was sent, or the
/// server did not process the request: ``APIError/Delivery/leftServerUnchanged``).
/// A `Retry-After` header, in seconds or as an HTTP date, takes the place of the backoff.
public struct RetryPolicy: Sendable, Hashable {
    /// The most retries after the first attempt.
    public var maximumRetries: Int

    /// The backoff before the first retry, before jitter; it doubles for each further retry.
    public var initialBackoff: Duration

    /// The longest backoff, before jitter.
    public var maximumBackoff: Duration

    /// The statuses worth another try.
    public var retryableStatusCodes: StatusCodes

    /// The methods retried without further ado. Others (`POST`, `PATCH`) are retried only with
    /// an `Idempotency-Key` header or ``RequestOptions/allowsRetry`` set, or after a failure that
    /// left the server unchanged (``APIError/Delivery/leftServerUnchanged``).
    public var idempotentMethods: Set<HTTPRequest.Method>

    /// Whether a `Retry-After` header sets the wait.
    public var honorsRetryAfter: Bool

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maximumRetries: The most retries after the first attempt.
    ///   - initialBackoff: The backoff before the first retry, before jitter.
    ///   - maximumBackoff: The longest backoff, before jitter.
    ///   - retryableStatusCodes: The statuses worth another try.
    ///   - idempotentMethods: The methods retried without further ado.
    ///   - honorsRetryAfter: Whether a `Retry-After` header sets the wait.
    public init(
        maximumRetries: Int = 2,
        initialBackoff: Duration = .milliseconds(500),
        maximumBackoff: Duration = .seconds(30),
        retryableStatusCodes: StatusCodes = [408, 429, 500, 502, 503, 504],
        idempotentMethods: Set<HTTPRequest.Method> = Idempotency.methods,
        honorsRetryAfter: Bool = true
    ) {
        self.maximumRetries = maximumRetries
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.retryableStatusCodes = retryableStatusCodes
        self.idempotentMethods = idempotentMethods
        self.honorsRetryAfter = honorsRetryAfter
    }

    /// The backoff before retry number `retry` (1 for the first): a random share (`random`, in
    /// `0..<1`) of `initialBackoff × 2^(retry − 1)`, capped at `maximumBackoff` ("full jitter").
    /// The outbox's back-off between attempts is this one too.
    package func backoff(beforeRetry retry: Int, random: Double) -> Duration {
        let exponent = min(max(retry - 1, 0), 62)
        let ceiling = min(maximumBackoff, initialBackoff * (1 << exponent))
        return ceiling * min(max(random, 0), 1)
    }
}

extension RequestOptions {
    private enum AllowsRetryKey: RequestOptionKey {
        static let defaultValue = false
    }

    /// Whether ``RetryInterceptor`` may retry this request although its method is not idempotent
    /// (a `POST` the server deduplicates by other means). Defaults to `false`.
    public var allowsRetry: Bool {
        get { self[AllowsRetryKey.self] }
        set { self[AllowsRetryKey.self] = newValue }
    }
}
