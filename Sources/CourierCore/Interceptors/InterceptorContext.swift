public import Foundation

#if Observability
    public import Logging
#endif

/// Facts about the call an interceptor is handling.
public struct InterceptorContext: Sendable {
    /// The name of the request's type, like `UserRequest`, for logs and metrics.
    public let requestName: String

    /// The request's options, such as ``RequestOptions/skipsAuthorization``.
    public let options: RequestOptions

    /// The base URL the request's path was joined to.
    public let baseURL: URL

    #if Observability
        /// The client's logger. With the `Observability` trait, on by default.
        public var logger: Logger { log.logger }
    #endif

    /// Where the client logs (``logger``, with the `Observability` trait).
    package let log: CallLog

    /// The client's redaction, to apply to anything an interceptor logs or reports.
    public let redaction: Redaction

    /// Which attempt of the call this is: 1, then 2 and up for each retry.
    ///
    /// Set by ``RetryInterceptor`` for the interceptors after it.
    public var attempt = 1

    /// Which networks the call may use; everything by default. Set by
    /// ``ConstrainedNetworkInterceptor`` for the transport (``TransportContext/networkAccess``).
    public var networkAccess = NetworkAccess()

    /// The call's time: its deadline on the client's clock.
    package let scope: DeadlineScope

    /// How the call's response body is read: into memory, streamed, or into a file.
    package let mode: BodyMode

    /// Records the call as it runs; the client sets it on every call that has interceptors.
    package let recorder: CallRecorder?

    /// The origin of the client's base URL, where credentials go by default
    /// (``CredentialScope/clientOrigin``); `nil` for a client without one.
    let clientOrigin: WebOrigin?

    /// Whether the client's cookie jar gives the call its cookies (the request sets no `Cookie`
    /// of its own): then each hop of a redirect chain gets the jar's cookies for its URL too.
    var cookiesFromJar = false

    #if Observability
        /// Creates a context; the client makes one per call. Make one yourself to test an interceptor.
        ///
        /// The context stands for a client whose base URL is `baseURL`: credentials scoped to the
        /// client's origin (``CredentialScope/clientOrigin``) go to `baseURL`'s.
        ///
        /// - Parameters:
        ///   - requestName: The name of the request's type.
        ///   - options: The request's options.
        ///   - baseURL: The base URL the request's path was joined to.
        ///   - logger: The logger to use.
        ///   - redaction: What to hide in logs and errors.
        ///   - timeout: The time the call has, from now.
        ///   - clock: The clock the time is kept with: give a clock of your own to test waits without
        ///     waiting.
        public init(
            requestName: String,
            options: RequestOptions = RequestOptions(),
            baseURL: URL,
            logger: Logger,
            redaction: Redaction = .standard,
            timeout: Duration = .seconds(60),
            clock: some Clock<Duration> = ContinuousClock()
        ) {
            self.init(
                requestName: requestName, options: options, baseURL: baseURL, log: CallLog(logger),
                redaction: redaction, timeout: timeout, clock: clock)
        }
    #endif

    /// Creates a context that logs nothing; the client makes one per call. Make one yourself to
    /// test an interceptor.
    ///
    /// The context stands for a client whose base URL is `baseURL`: credentials scoped to the
    /// client's origin (``CredentialScope/clientOrigin``) go to `baseURL`'s.
    ///
    /// - Parameters:
    ///   - requestName: The name of the request's type.
    ///   - options: The request's options.
    ///   - baseURL: The base URL the request's path was joined to.
    ///   - redaction: What to hide in logs and errors.
    ///   - timeout: The time the call has, from now.
    ///   - clock: The clock the time is kept with: give a clock of your own to test waits without
    ///     waiting.
    public init(
        requestName: String,
        options: RequestOptions = RequestOptions(),
        baseURL: URL,
        redaction: Redaction = .standard,
        timeout: Duration = .seconds(60),
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        self.init(
            requestName: requestName, options: options, baseURL: baseURL, log: .none, redaction: redaction,
            timeout: timeout, clock: clock)
    }

    private init(
        requestName: String, options: RequestOptions, baseURL: URL, log: CallLog, redaction: Redaction,
        timeout: Duration, clock: some Clock<Duration>
    ) {
        let callClock = clock is ContinuousClock ? CallClock.system : CallClock(clock)
        self.init(
            requestName: requestName, options: options, baseURL: baseURL, log: log, redaction: redaction,
            scope: DeadlineScope(clock: callClock, limit: .total(timeout)), mode: .buffer, recorder: nil,
            clientOrigin: WebOrigin(baseURL))
    }

    init(
        requestName: String, options: RequestOptions, baseURL: URL, log: CallLog, redaction: Redaction,
        scope: DeadlineScope, mode: BodyMode, recorder: CallRecorder?, clientOrigin: WebOrigin?
    ) {
        self.clientOrigin = clientOrigin
        self.requestName = requestName
        self.options = options
        self.baseURL = baseURL
        self.log = log
        self.redaction = redaction
        self.scope = scope
        self.mode = mode
        self.recorder = recorder
    }

    /// The time left before the call's deadline, zero once it has passed.
    ///
    /// A wait that would outlast it is in vain: the call fails with ``APIError/Kind/timeout`` when
    /// the deadline passes, whatever an interceptor is waiting for.
    public var remainingTime: Duration {
        scope.remaining
    }

    /// Waits on the client's clock (``APIClient/Configuration/clock``): a retry's back-off, say.
    ///
    /// - Parameter duration: How long to wait.
    /// - Throws: `CancellationError` when the call is cancelled or its deadline passes first.
    public func sleep(for duration: Duration) async throws {
        try await scope.clock.sleep(for: duration)
    }

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
