import CourierCore
import Foundation

/// A clock that moves only when a test moves it: give it to a client and the client's deadlines,
/// retries' back-off and `Retry-After` waits pass when the test says, without waiting.
///
/// ```swift
/// let clock = ManualClock()
/// let client = APIClient(baseURL: url, transport: stub, interceptors: [RetryInterceptor()]) {
///     $0.clock = clock
/// }
/// let call = Task { try await client.send(UserRequest()) }  // 503 with Retry-After: 2, then 200
/// await clock.waitForSleepers()           // the retry waits…
/// await clock.advance(by: .seconds(2))    // …two seconds, at once
/// let user = try await call.value
/// ```
///
/// A call's deadline is not a sleeper: the clock ends the call itself, the moment an
/// ``advance(by:)`` reaches it. ``waitForDeadlines(_:)`` waits until calls are in flight.
///
/// Made with `advancesOnSleep: true`, the clock never makes anyone wait: each sleep moves it to
/// the sleep's end at once (ending any call whose deadline that passes). ``sleeps`` records every
/// sleep, so a test can check a back-off without driving the clock:
///
/// ```swift
/// let clock = ManualClock(advancesOnSleep: true)
/// let client = APIClient(baseURL: url, transport: stub, interceptors: [RetryInterceptor()]) {
///     $0.clock = clock
/// }
/// _ = try await client.send(UserRequest())  // 503 with Retry-After: 2, then 200
/// #expect(clock.sleeps == [.seconds(2)])
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point in the clock's time: the duration since it was made.
    public struct Instant: InstantProtocol, Sendable {
        /// The time since the clock was made.
        public var offset: Duration

        /// Creates an instant.
        ///
        /// - Parameter offset: The time since the clock was made.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// This instant moved by `duration`.
        ///
        /// - Parameter duration: How far to move.
        /// - Returns: The moved instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        ///
        /// - Parameter other: Another instant.
        /// - Returns: The duration between them.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        ///
        /// - Parameters:
        ///   - lhs: An instant.
        ///   - rhs: Another instant.
        /// - Returns: `true` when `lhs` is earlier.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private enum Wake: Sendable {
        case sleeper(CheckedContinuation<Void, any Error>)
        case alarm(@Sendable () -> Void)
    }

    private struct Pending: Sendable {
        var instant: Instant
        var wake: Wake
    }

    private struct State: Sendable {
        var now = Instant(offset: .zero)
        var pending: [Int: Pending] = [:]
        var nextID = 0
        /// Every sleep's length, in order.
        var sleeps: [Duration] = []
        /// Tests waiting for enough sleepers or alarms.
        var watchers: [(ready: @Sendable (State) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

        var sleepers: Int { pending.values.count { if case .sleeper = $0.wake { true } else { false } } }
        var alarms: Int { pending.values.count { if case .alarm = $0.wake { true } else { false } } }
    }

    private let state = Locked(State())
    private let advancesOnSleep: Bool

    /// A clock at zero.
    ///
    /// - Parameter advancesOnSleep: Whether each sleep moves the clock to its end at once, rather
    ///   than waiting for ``advance(by:)``.
    public init(advancesOnSleep: Bool = false) {
        self.advancesOnSleep = advancesOnSleep
    }

    /// The length of every sleep on the clock so far, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// The current instant.
    public var now: Instant { state.withLock { $0.now } }

    /// Zero: the clock reads exactly what it was advanced to.
    public var minimumResolution: Duration { .zero }

    /// Sleeps until the clock is advanced to `deadline`.
    ///
    /// - Parameters:
    ///   - deadline: When to wake.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> Int in
            state.sleeps.append(max(.zero, state.now.duration(to: deadline)))
            state.nextID += 1
            return state.nextID
        }
        if advancesOnSleep {
            try Task.checkCancellation()
            await advance(to: deadline)
            try Task.checkCancellation()
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (due, watchers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if deadline <= state.now || Task.isCancelled { return (true, []) }
                    state.pending[id] = Pending(instant: deadline, wake: .sleeper(continuation))
                    return (false, Self.readyWatchers(&state))
                }
                for watcher in watchers { watcher.resume() }
                if due {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                }
            }
        } onCancel: {
            let pending = state.withLock { $0.pending.removeValue(forKey: id) }
            if case .sleeper(let continuation)? = pending?.wake {
                continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Moves the clock forward, waking, in order, every sleeper and ending every call whose
    /// deadline it passes; each gets to run before the clock moves on.
    ///
    /// - Parameter duration: How far to move.
    public func advance(by duration: Duration) async {
        await advance(to: now.advanced(by: duration))
    }

    /// Moves the clock forward to `instant` (see ``advance(by:)``).
    ///
    /// - Parameter instant: Where to move; an earlier instant than ``now`` does nothing.
    public func advance(to instant: Instant) async {
        while true {
            let due = state.withLock { state -> Pending? in
                guard let (id, next) = state.pending.min(by: { $0.value.instant < $1.value.instant }),
                    next.instant <= instant
                else { return nil }
                state.pending.removeValue(forKey: id)
                state.now = max(state.now, next.instant)
                return next
            }
            guard let due else { break }
            switch due.wake {
            case .sleeper(let continuation): continuation.resume()
            case .alarm(let ring): ring()
            }
            await Self.settle()
        }
        state.withLock { $0.now = max($0.now, instant) }
        await Self.settle()
    }

    /// Waits until at least `count` tasks sleep on the clock: the code under test has reached its
    /// wait (a retry's back-off, a stream's reconnection delay).
    ///
    /// - Parameter count: How many sleepers to wait for.
    public func waitForSleepers(_ count: Int = 1) async {
        await wait { $0.sleepers >= count }
    }

    /// Waits until at least `count` calls whose deadlines this clock keeps are in flight.
    ///
    /// - Parameter count: How many calls to wait for.
    public func waitForDeadlines(_ count: Int = 1) async {
        await wait { $0.alarms >= count }
    }

    private func wait(until ready: @escaping @Sendable (State) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if ready(state) { return true }
                state.watchers.append((ready, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    private static func readyWatchers(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        var ready: [CheckedContinuation<Void, Never>] = []
        let snapshot = state
        state.watchers.removeAll { watcher in
            guard watcher.ready(snapshot) else { return false }
            ready.append(watcher.continuation)
            return true
        }
        return ready
    }

    /// Lets the tasks just woken run before the clock moves on, with no real time passing: each
    /// round waits for a task of background priority, which the cooperative pool runs only after
    /// the work queued before it at a higher priority (the woken tasks' next steps, and what those
    /// start). Twenty rounds, as swift-concurrency-extras' `megaYield` does.
    private static func settle() async {
        for _ in 0..<20 {
            await Task.detached(priority: .background) { await Task.yield() }.value
        }
    }
}

extension ManualClock: AlarmScheduling {
    package func scheduleAlarm(at instant: Instant, _ ring: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let (id, due, watchers) = state.withLock { state -> (Int, Bool, [CheckedContinuation<Void, Never>]) in
            state.nextID += 1
            let id = state.nextID
            if instant <= state.now { return (id, true, []) }
            state.pending[id] = Pending(instant: instant, wake: .alarm(ring))
            return (id, false, Self.readyWatchers(&state))
        }
        for watcher in watchers { watcher.resume() }
        if due { ring() }
        return { [weak self] in _ = self?.state.withLock { $0.pending.removeValue(forKey: id) } }
    }
}
