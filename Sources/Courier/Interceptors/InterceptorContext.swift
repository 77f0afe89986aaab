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
    public var attempt = 1

    /// Which networks the call may use; everything by default. Set by
    /// ``ConstrainedNetworkInterceptor`` for the transport (``TransportContext/networkAccess``).
    public var networkAccess = NetworkAccess()

    /// The jar whose cookies each hop of a redirect chain gets and keeps: set by
    /// ``CookieInterceptor`` for the client's redirect handling, below the interceptors.
    var cookieJar: CookieJar?

    /// Records the call as it runs; the client sets it on every call that has interceptors.
    var recorder: CallRecorder?

    /// What happened during the call so far: the requests sent (with their statuses and
    /// durations), the redirects followed, whether a credential was refreshed, the bytes sent and
    /// received.
    ///
    /// Read it after `next` returns to see what the rest of the pipeline did. A context made
    /// outside a client (in a test) has an empty report.
    public var report: CallReport {
        recorder?.snapshot() ?? CallReport(requestName: requestName)
    }
}

extension InterceptorContext {
    /// Runs `operation`, cancelling it when the call's deadline passes: for an interceptor that
    /// says it ``Interceptor/honoursDeadline`` and waits for code it does not control.
    ///
    /// - Parameter operation: The wait.
    /// - Returns: What `operation` returned.
    /// - Throws: ``APIError/Kind/timeout`` when the deadline passed before `operation` ended
    ///   (`operation` is cancelled then), or what `operation` threw.
    func withinDeadline<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let (result, expired) = await Deadline.race(until: deadline) { () async -> Result<Value, any Error> in
            do {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        if expired {  // even if `operation` swallowed its cancellation: the call's time is up
            var underlying: (any Error)?
            if case .failure(let error) = result { underlying = error }
            throw APIError(
                .timeout, "\(requestName) did not complete within its time limit while an interceptor waited.",
                underlying: underlying)
        }
        return try result.get()
    }
}
