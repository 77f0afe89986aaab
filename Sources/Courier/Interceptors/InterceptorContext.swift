public import Logging

/// Facts about the call an interceptor is handling.
public struct InterceptorContext: Sendable {
    /// When the call's total time runs out. Anything that waits (a retry's backoff) must end
    /// before it.
    public let deadline: ContinuousClock.Instant

    /// The name of the request's type, like `UserRequest`, for logs and metrics.
    public let requestName: String

    /// The client's logger.
    public let logger: Logger

    /// Creates a context; the client makes one per call.
    ///
    /// - Parameters:
    ///   - deadline: When the call's total time runs out.
    ///   - requestName: The name of the request's type.
    ///   - logger: The logger to use.
    public init(deadline: ContinuousClock.Instant, requestName: String, logger: Logger) {
        self.deadline = deadline
        self.requestName = requestName
        self.logger = logger
    }

    /// The time left before the deadline, zero once it has passed.
    public var remainingTime: Duration {
        max(.zero, ContinuousClock.now.duration(to: deadline))
    }
}
