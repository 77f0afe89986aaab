import Foundation

/// What a transport needs to know about one exchange besides the request: passed as a
/// parameter of ``Transport/send(_:body:context:)``, never through task-locals.
public struct TransportContext: Sendable {
    /// When the exchange must have ended.
    public var deadline: ContinuousClock.Instant {
        get { CallClock.systemEpoch.advanced(by: deadlineSinceEpoch) }
        set { deadlineSinceEpoch = CallClock.systemEpoch.duration(to: newValue) }
    }

    /// ``deadline`` as the time since the system clock's epoch (``CallClock/system``'s time).
    ///
    /// Stored as a `Duration`: `ContinuousClock.Instant` is not frozen, so a value that held one
    /// would have a size known only at run time, and every async function with such a value
    /// would allocate it on the task at each call.
    var deadlineSinceEpoch: Duration

    /// Whether the client reads the whole body into memory as soon as the head arrives (ordinary
    /// calls) rather than handing it on as it streams (downloads, ``APIClient/withBytes(_:progress:_:)``).
    ///
    /// When `true`, a transport may read the body itself before returning, under
    /// ``deadline`` and ``bodyLimit``.
    public var readsWholeBody: Bool

    /// The most response body bytes the client accepts when it reads the whole body, counted
    /// after any content coding is undone. A transport reading the body itself can stop past it.
    public var bodyLimit: Int

    /// Which networks the exchange may use, as set by ``ConstrainedNetworkInterceptor``.
    /// ``URLSessionTransport`` maps it to `URLRequest`'s `allowsConstrainedNetworkAccess` and
    /// `allowsExpensiveNetworkAccess` on Apple platforms; a transport that cannot honour a
    /// refusal ignores it.
    public var networkAccess: NetworkAccess

    /// The file the client writes the body to, for ``APIClient/download(_:to:options:progress:)``:
    /// a transport may write the body there as it arrives, in the spool the download opens for the
    /// response's head (``DownloadDestination/spool(for:)``, handed on as
    /// ``ResponseBody/init(spooledBy:expectedLength:)``), rather than hand it on in memory.
    /// ``URLSessionTransport`` does, since FoundationNetworking cannot be made to wait for a slower
    /// reader.
    package var download: (any DownloadDestination)?

    /// The call's time, when the client made this context: its clock (``APIClient/Configuration/clock``)
    /// and its deadline on it. `nil` for a context made with the public initializer, whose time is
    /// the system's and whose deadline is ``deadline``.
    var scope: DeadlineScope?

    /// The client's clock: a test double that simulates time (latency, a recording's pacing)
    /// sleeps and measures on it, so that a test's `ManualClock`, not the machine's, passes.
    package var clock: any Clock<Duration> {
        if let custom = scope?.clock.custom { return custom }
        return ContinuousClock()
    }

    /// The time on the call's clock, as a time since that clock was adopted: for measuring how
    /// long part of the exchange took, on the same clock as the deadline.
    package var now: Duration {
        (scope?.clock ?? CallClock.system).now()
    }

    /// The time left before the exchange's deadline on the call's clock; zero once it has passed.
    package var remaining: Duration {
        if let scope { return scope.remaining }
        return max(.zero, deadlineSinceEpoch - CallClock.system.now())
    }

    /// Whether the exchange's deadline has passed on the call's clock (for a recording that must
    /// tell the call's timeout from its caller's cancellation).
    package var deadlineHasPassed: Bool {
        if let scope { return scope.hasPassed }
        return CallClock.system.now() >= deadlineSinceEpoch
    }

    /// Sleeps on the call's clock for `duration`, or until the deadline if that comes first, then
    /// throws: what a test double simulating latency must do, as a transport ends by the deadline.
    ///
    /// - Parameter duration: How long to sleep.
    /// - Throws: `CancellationError` when the task is cancelled first; an error Courier reports
    ///   as the call's timeout when the deadline comes first.
    package func sleep(for duration: Duration) async throws {
        let remaining = remaining
        try await (scope?.clock ?? CallClock.system).sleep(for: min(duration, remaining))
        if duration > remaining { throw TransportDeadlineReached() }
    }

    /// The client's redaction (``APIClient/Configuration/redaction``), for a test double that
    /// writes exchanges down (`CourierTesting`'s cassettes): what it must never write.
    package var redaction: Redaction?

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - deadline: When the exchange must have ended.
    ///   - readsWholeBody: Whether the client reads the whole body into memory.
    ///   - bodyLimit: The most body bytes the client accepts.
    ///   - networkAccess: Which networks the exchange may use.
    public init(
        deadline: ContinuousClock.Instant,
        readsWholeBody: Bool = false,
        bodyLimit: Int = .max,
        networkAccess: NetworkAccess = NetworkAccess()
    ) {
        self.deadlineSinceEpoch = CallClock.systemEpoch.duration(to: deadline)
        self.readsWholeBody = readsWholeBody
        self.bodyLimit = bodyLimit
        self.networkAccess = networkAccess
    }

    /// A context whose deadline is `deadline` on the system clock (``CallClock/system``'s time).
    init(deadlineSinceEpoch deadline: Duration, readsWholeBody: Bool, bodyLimit: Int, networkAccess: NetworkAccess) {
        self.deadlineSinceEpoch = deadline
        self.readsWholeBody = readsWholeBody
        self.bodyLimit = bodyLimit
        self.networkAccess = networkAccess
    }
}
