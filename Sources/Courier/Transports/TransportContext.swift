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

    /// Where the client will put the body, for ``APIClient/download(_:to:progress:)``: a transport
    /// may write the body to a file beside it as it arrives (``ResponseBody/init(spooledBy:expectedLength:)``)
    /// rather than hand it on in memory. ``URLSessionTransport`` does, since FoundationNetworking
    /// cannot be made to wait for a slower reader.
    var downloadDestination: URL?

    /// The client's clock, when it is not the system's (a test's `ManualClock`): a test double that
    /// simulates latency sleeps on it, so that the test's time, not the machine's, passes.
    package var testClock: (any Clock<Duration>)?

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
