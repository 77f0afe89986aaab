/// The clock a client's calls keep time with (``APIClient/Configuration/clock``), whatever its
/// type: time is read as the duration since the clock was adopted, so that one type serves any
/// `Clock<Duration>`.
///
/// Each clock has its own ``Alarms``: a test that gives a client a clock it controls also controls
/// when that client's deadlines pass.
package final class CallClock: Sendable {
    /// The system's continuous clock, shared by every client that keeps the default.
    static let system = CallClock(systemClock: ())

    /// The shared system clock, on ``systemEpoch``.
    private init(systemClock: Void) {
        let epoch = Self.systemEpoch
        let elapsed: @Sendable () -> Duration = { epoch.duration(to: .now) }
        let sleeper: @Sendable (Duration) async throws -> Void = { offset in
            try await ContinuousClock().sleep(until: epoch.advanced(by: offset), tolerance: nil)
        }
        self.elapsed = elapsed
        self.sleeper = sleeper
        self.isSystem = true
        self.custom = nil
        self.alarms = Alarms(now: elapsed, sleep: sleeper)
    }

    /// Whether this is the system's continuous clock, which Courier's own transports also follow.
    let isSystem: Bool
    /// The clock itself, when it is not the system's.
    let custom: (any Clock<Duration>)?
    /// The calls' deadlines on this clock.
    let alarms: Alarms

    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let epoch = clock.now
        let elapsed: @Sendable () -> Duration = { epoch.duration(to: clock.now) }
        let sleeper: @Sendable (Duration) async throws -> Void = { offset in
            try await clock.sleep(until: epoch.advanced(by: offset), tolerance: nil)
        }
        self.elapsed = elapsed
        self.sleeper = sleeper
        self.isSystem = false
        self.custom = clock
        if let scheduling = clock as? any AlarmScheduling {
            self.alarms = Self.alarms(of: scheduling, now: elapsed)
        } else {
            self.alarms = Alarms(now: elapsed, sleep: sleeper)
        }
    }

    private static func alarms(of clock: some AlarmScheduling, now: @escaping @Sendable () -> Duration) -> Alarms {
        // The clock has not moved since `init` read its epoch: it moves only when advanced.
        clock.alarms(since: clock.now.advanced(by: .zero - now()), now: now)
    }

    /// The time since the clock was adopted.
    package func now() -> Duration {
        // The system clock is read directly: every call reads it a few times.
        if isSystem { return Self.systemEpoch.duration(to: .now) }
        return elapsed()
    }

    /// When the shared system clock was adopted: ``system``'s epoch.
    static let systemEpoch = ContinuousClock.now

    /// Sleeps until the clock reads `instant` (a time since it was adopted).
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    package func sleep(until instant: Duration) async throws {
        try await sleeper(instant)
    }

    /// Sleeps for `duration` on this clock.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    package func sleep(for duration: Duration) async throws {
        try await sleeper(elapsed() + duration)
    }
}

/// Calls a handler when a clock reaches an instant, for many instants at once: one wake-up is
/// scheduled, for the earliest, rather than one timer per alarm.
///
/// Setting an alarm later than the earliest one (the usual case: calls share a timeout) only
/// records it; an earlier one reschedules the wake-up.
final class Alarms: Sendable {
    /// Schedules one wake-up at an instant of the clock; returns what cancels it.
    typealias Schedule = @Sendable (_ instant: Duration, _ wake: @escaping @Sendable () -> Void) -> @Sendable () -> Void

    private struct Alarm {
        var instant: Duration
        var ring: @Sendable () -> Void
    }

    private struct State {
        var alarms: [Int: Alarm] = [:]
        var nextID = 0
        /// When the scheduled wake-up comes, if one is scheduled.
        var wakeUp: Duration?
        /// Cancels the scheduled wake-up.
        var cancelWakeUp: (@Sendable () -> Void)?
        /// Counts reschedulings, so that a wake-up scheduled late does not replace a newer one.
        var generation = 0
    }

    /// A wake-up to schedule, decided under the lock and made outside it: scheduling may call back
    /// at once, and nothing is called while the lock is held.
    private struct Reschedule {
        var instant: Duration
        var generation: Int
        var previous: (@Sendable () -> Void)?
    }

    private let now: @Sendable () -> Duration
    private let schedule: Schedule
    private let state = Locked(State())

    /// Alarms that wake up as `schedule` says.
    init(now: @escaping @Sendable () -> Duration, schedule: @escaping Schedule) {
        self.now = now
        self.schedule = schedule
    }

    /// Alarms on a clock read by `now`, woken by a task sleeping on it with `sleep`.
    convenience init(
        now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.init(now: now) { instant, wake in
            let task = Task.detached {
                try? await sleep(instant)
                guard !Task.isCancelled else { return }
                wake()
            }
            return { task.cancel() }
        }
    }

    /// Calls `ring` once the clock reaches `instant`, unless ``cancel(_:)`` comes first.
    ///
    /// - Returns: The alarm's identifier, for ``cancel(_:)``.
    func set(at instant: Duration, _ ring: @escaping @Sendable () -> Void) -> Int {
        let (id, reschedule) = state.withLock { state -> (Int, Reschedule?) in
            let id = state.nextID
            state.nextID += 1
            state.alarms[id] = Alarm(instant: instant, ring: ring)
            guard state.wakeUp.map({ instant < $0 }) ?? true else { return (id, nil) }
            return (id, Self.reschedule(at: instant, &state))
        }
        if let reschedule { wake(reschedule) }
        return id
    }

    /// Forgets an alarm that has not rung.
    func cancel(_ id: Int) {
        _ = state.withLock { $0.alarms.removeValue(forKey: id) }
    }

    private static func reschedule(at instant: Duration, _ state: inout State) -> Reschedule {
        state.generation += 1
        state.wakeUp = instant
        defer { state.cancelWakeUp = nil }
        return Reschedule(instant: instant, generation: state.generation, previous: state.cancelWakeUp)
    }

    private func wake(_ reschedule: Reschedule) {
        reschedule.previous?()
        let cancel = schedule(reschedule.instant) { [weak self] in self?.ringDue() }
        let superseded = state.withLock { state -> Bool in
            guard state.generation == reschedule.generation, state.wakeUp != nil else { return true }
            state.cancelWakeUp = cancel
            return false
        }
        if superseded { cancel() }
    }

    private func ringDue() {
        let now = now()
        let (due, reschedule) = state.withLock { state -> ([Alarm], Reschedule?) in
            let due = state.alarms.filter { $0.value.instant <= now }
            for id in due.keys { state.alarms.removeValue(forKey: id) }
            state.wakeUp = nil
            state.cancelWakeUp = nil
            let next = state.alarms.values.map(\.instant).min().map { Self.reschedule(at: $0, &state) }
            return (due.values.compactlySorted { $0.instant < $1.instant }, next)
        }
        if let reschedule { wake(reschedule) }
        for alarm in due {
            alarm.ring()
        }
    }
}
