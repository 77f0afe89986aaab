public import Foundation
public import Logging

/// Facts about the call an interceptor is handling.
public struct InterceptorContext: Sendable {
    /// When the call's total time runs out. Anything that waits (a retry's backoff) must end
    /// before it.
    public let deadline: ContinuousClock.Instant

    /// The name of the request's type, like `UserRequest`, for logs and metrics.
    public let requestName: String

    /// The request's options, such as ``RequestOptions/skipsAuthorization``.
    public let options: RequestOptions

    /// The base URL the request's path was joined to.
    public let baseURL: URL

    /// The client's logger.
    public let logger: Logger

    /// The client's redaction, to apply to anything an interceptor logs or reports.
    public let redaction: Redaction

    /// Creates a context; the client makes one per call.
    ///
    /// - Parameters:
    ///   - deadline: When the call's total time runs out.
    ///   - requestName: The name of the request's type.
    ///   - options: The request's options.
    ///   - baseURL: The base URL the request's path was joined to.
    ///   - logger: The logger to use.
    ///   - redaction: What to hide in logs and errors.
    public init(
        deadline: ContinuousClock.Instant,
        requestName: String,
        options: RequestOptions = RequestOptions(),
        baseURL: URL,
        logger: Logger,
        redaction: Redaction = .standard
    ) {
        self.deadline = deadline
        self.requestName = requestName
        self.options = options
        self.baseURL = baseURL
        self.logger = logger
        self.redaction = redaction
    }

    /// The time left before the deadline, zero once it has passed.
    public var remainingTime: Duration {
        max(.zero, ContinuousClock.now.duration(to: deadline))
    }

    /// Which attempt of the call this is: 1, then 2 and up for each retry.
    ///
    /// Set by ``RetryInterceptor`` for the interceptors after it.
    public var attempt: Int { Attempt.current }
}

/// The attempt number, carried in a task-local so that interceptors after a retry see it.
enum Attempt {
    @TaskLocal static var current = 1
}
