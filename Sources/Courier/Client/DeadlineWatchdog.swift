/// Calls an expiry handler for each watched deadline that passes, using one long-lived task for
/// the whole process instead of one timer per call.
///
/// The watchdog sleeps until the earliest deadline it knows of. Watching a deadline later than
/// that (the usual case: every call has the same timeout) only records it; an earlier one wakes
/// the watchdog to sleep less.
final class DeadlineWatchdog: Sendable {
    static let shared = DeadlineWatchdog()

    private struct Entry {
        var deadline: ContinuousClock.Instant
        var expire: @Sendable () -> Void
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextID = 0
        /// When the sleeping task wakes up next, if it is sleeping.
        var wakeUp: ContinuousClock.Instant?
        var sleeper: Task<Void, Never>?
    }

    private let state = Locked(State())

    /// Calls `expire` once `deadline` passes, unless ``stopWatching(_:)`` comes first.
    func watch(until deadline: ContinuousClock.Instant, expire: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.entries[id] = Entry(deadline: deadline, expire: expire)
            if state.wakeUp.map({ deadline < $0 }) ?? true {
                scheduleWakeUp(at: deadline, in: &state)
            }
            return id
        }
    }

    /// Forgets a deadline.
    func stopWatching(_ id: Int) {
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }

    private func scheduleWakeUp(at instant: ContinuousClock.Instant, in state: inout State) {
        state.sleeper?.cancel()
        state.wakeUp = instant
        state.sleeper = Task.detached { [weak self] in
            try? await Task.sleep(until: instant, clock: .continuous)
            guard !Task.isCancelled else { return }
            self?.fireExpired()
        }
    }

    private func fireExpired() {
        let now = ContinuousClock.now
        let expired = state.withLock { state -> [Entry] in
            let due = state.entries.filter { $0.value.deadline <= now }
            for id in due.keys { state.entries.removeValue(forKey: id) }
            state.wakeUp = nil
            state.sleeper = nil
            if let next = state.entries.values.map(\.deadline).min() {
                scheduleWakeUp(at: next, in: &state)
            }
            return Array(due.values)
        }
        for entry in expired {
            entry.expire()
        }
    }
}
