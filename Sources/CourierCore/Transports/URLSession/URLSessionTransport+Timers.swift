import Dispatch

extension URLSessionTransport {
    /// The transport's native timer: it ends each buffered exchange at its deadline
    /// (``TransportContext/deadline``), on a Dispatch queue of its own, so that it fires whatever
    /// Swift's cooperative threads are doing.
    ///
    /// FoundationNetworking's own timeouts cannot do it: on Linux they count whole seconds (0.5 s
    /// fires at once, 1.5 s at 1 s) and it ignores the resource timeout.
    static let timers = TransportTimers()
}

/// Alarms on the system's continuous clock, woken by Dispatch.
struct TransportTimers: Sendable {
    private let epoch = ContinuousClock.now
    private let alarms: Alarms

    init() {
        let epoch = epoch
        let queue = DispatchQueue(label: "Courier.URLSessionTransport.timers")
        let now: @Sendable () -> Duration = { epoch.duration(to: .now) }
        alarms = Alarms(now: now) { instant, wake in
            let cancelled = Locked(false)
            let (seconds, attoseconds) = max(.zero, instant - now()).components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
                if !cancelled.withLock({ $0 }) { wake() }
            }
            return { cancelled.withLock { $0 = true } }
        }
    }

    /// `instant` as the time since the timers' epoch.
    func now(_ instant: ContinuousClock.Instant) -> Duration {
        epoch.duration(to: instant)
    }

    /// Calls `ring` at `instant` (see ``now(_:)``), unless ``cancel(_:)`` comes first.
    func set(at instant: Duration, _ ring: @escaping @Sendable () -> Void) -> Int {
        alarms.set(at: instant, ring)
    }

    /// Forgets an alarm.
    func cancel(_ id: Int) {
        alarms.cancel(id)
    }
}
