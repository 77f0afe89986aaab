public import CourierCore
public import Foundation
public import HTTPTypes

/// Tries a call again after a retryable status or a failure to connect, with backoff.
///
/// - It retries the statuses in ``RetryPolicy/retryableStatusCodes`` and transport failures
///   that happened before any response arrived — never a timeout of the call's own deadline.
/// - It retries only idempotent methods, unless the request has an `Idempotency-Key` header or
///   sets ``RequestOptions/allowsRetry``; a request of any other method (a `POST`) only after a
///   failure that left the server unchanged (``APIError/Delivery/leftServerUnchanged``: it was
///   not sent, or the server did not process it), never after one that may have been processed.
/// - It waits as `Retry-After` says (seconds or an HTTP date; a malformed value is ignored), or
///   else an exponential backoff with full jitter. When the wait would outlast the call's
///   deadline, it fails at once with the last response or error instead of waiting in vain.
/// - Every retry spends from a ``RetryBudget`` shared by all calls through this interceptor.
///
/// Put it before the interceptors that should run again for every attempt (authorization, so a
/// retry carries the current token; logging, to log each attempt):
///
/// ```swift
/// let client = APIClient(baseURL: url, interceptors: [RetryInterceptor(), auth, LoggingInterceptor()])
/// ```
///
/// It waits on the client's clock (``APIClient/Configuration/clock``), so a test with a clock of
/// its own never sleeps; the randomness and the date `Retry-After` dates are read against are
/// injectable too.
public struct RetryInterceptor: Interceptor {
    /// When and how often to retry.
    public let policy: RetryPolicy

    /// The budget every retry spends from; `nil` for none.
    public let budget: RetryBudget?

    private let random: @Sendable () -> Double
    private let now: @Sendable () -> Date

    /// Creates the interceptor.
    ///
    /// - Parameters:
    ///   - policy: When and how often to retry.
    ///   - budget: The budget every retry spends from; `nil` for none.
    ///   - random: Returns a number in `0..<1` for jitter.
    ///   - now: The current date, for `Retry-After` dates.
    public init(
        policy: RetryPolicy = RetryPolicy(),
        budget: RetryBudget? = RetryBudget(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.policy = policy
        self.budget = budget
        self.random = random
        self.now = now
    }

    /// Sends the request, and again after a retryable outcome while policy, budget and deadline
    /// allow.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request body.
    ///   - context: The call's context.
    ///   - next: The rest of the pipeline.
    /// - Returns: The last response.
    /// - Throws: The last error, when the last attempt failed.
    public func intercept(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        context: InterceptorContext,
        next: Next
    ) async throws -> InterceptorResponse {
        budget?.deposit()
        guard policy.maximumRetries > 0 else { return try await next(request, body) }
        let idempotent = isIdempotent(request, context: context)
        var attempt = 1
        while true {
            let outcome: Result<InterceptorResponse, any Error>
            do {
                var attemptContext = context
                attemptContext.attempt = attempt
                outcome = .success(try await next(request, body, context: attemptContext))
            } catch {
                outcome = .failure(error)
            }
            guard attempt <= policy.maximumRetries,
                let (delay, reason) = wait(after: outcome, retry: attempt, idempotent: idempotent)
            else {
                return try outcome.get()
            }
            let metadata: [String: String] = [
                "courier.request": "\(context.requestName)", "courier.attempt": "\(attempt)",
                "courier.reason": "\(reason)",
            ]
            guard delay < context.remainingTime else {
                context.log.debug("Not retrying: the wait of \(delay) outlasts the deadline", metadata: metadata)
                return try outcome.get()
            }
            guard budget?.withdraw() ?? true else {
                context.log.debug("Not retrying: the retry budget is spent", metadata: metadata)
                return try outcome.get()
            }
            context.log.debug("Retrying in \(delay)", metadata: metadata)
            try await context.sleep(for: delay)
            attempt += 1
        }
    }

    /// Whether `request` may be retried whatever became of the attempt before.
    private func isIdempotent(_ request: HTTPRequest, context: InterceptorContext) -> Bool {
        Idempotency.holds(for: request, methods: policy.idempotentMethods) || context.options.allowsRetry
    }

    /// How long to wait before retrying after `outcome`, and why; `nil` when it is not retryable.
    /// A request that is not `idempotent` is retried only when the server certainly did not act
    /// on it.
    private func wait(
        after outcome: Result<InterceptorResponse, any Error>,
        retry: Int,
        idempotent: Bool
    ) -> (Duration, String)? {
        switch outcome {
        case .success(let received):
            let response = received.head
            guard idempotent, policy.retryableStatusCodes.contains(response.status) else { return nil }
            if policy.honorsRetryAfter, let value = response.headerFields[.retryAfter],
                let delay = RetryAfter.delay(value, now: now())
            {
                return (delay, "status \(response.status.code), Retry-After \(value)")
            }
            return (policy.backoff(beforeRetry: retry, random: random()), "status \(response.status.code)")
        case .failure(let error as APIError)
        where error.kind == .transport && error.response == nil && !(error.underlying is ConstrainedNetworkError):
            guard idempotent || error.delivery.leftServerUnchanged else { return nil }
            return (policy.backoff(beforeRetry: retry, random: random()), "transport failure (\(error.delivery))")
        case .failure:
            return nil
        }
    }
}
