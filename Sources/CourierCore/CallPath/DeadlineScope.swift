import HTTPTypes

/// The one owner of a call's time: armed once when the call starts, it decides when the call's
/// time is up, ends the call then, and words the timeout.
///
/// Everything a call awaits runs inside it — the interceptors (a token refresh, a retry's
/// back-off), the cache's wait for an identical call in flight, the transport, and a streamed
/// body's consumer — in a task of the call's own that the scope cancels when its deadline passes,
/// on the client's clock (``APIClient/Configuration/clock``). The one exception is a call that
/// awaits nothing but one of Courier's own transports (no interceptors, no cache, no redirect
/// hook, a buffered body, the system clock): it runs in the caller's task, ended by the
/// transport's native timer at ``transportDeadline``. Either way a call whose deadline passed fails
/// as ``APIError/Kind/timeout``, never succeeds late, and that error is made in one place:
/// ``timeoutError(request:response:underlying:interceptor:)``.
///
/// A streamed call's deadline moves as it goes: the call's timeout covers connecting and the
/// response head (``Limit/connect(_:)``), then each chunk must come within an idle timeout
/// (``rearm(_:)``), and the wait for a slow consumer does not count (``pause()``).
package final class DeadlineScope: Sendable {
    /// What the deadline limits.
    package enum Limit: Sendable, Equatable {
        /// The whole call, this long after it started.
        case total(Duration)
        /// Connecting and the response head of a streamed call, this long after it started.
        case connect(Duration)
        /// The silence between two chunks of a streamed body.
        case idle(Duration)

        var duration: Duration {
            switch self {
            case .total(let duration), .connect(let duration), .idle(let duration): duration
            }
        }
    }

    /// Thrown by ``run(_:)`` when the work returned after the deadline: the call failed.
    package struct Expired: Error {
        package init() {}
    }

    /// A remaining time long enough to mean "no limit now".
    static let unlimited = Duration.seconds(10 * 365 * 24 * 3600)

    package let clock: CallClock

    private struct State {
        /// When the time is up, on ``clock``; `nil` while a stream waits for its consumer.
        var deadline: Duration?
        var limit: Limit
        /// The limit that ran out, once the deadline has passed.
        var expired: Limit?
        /// Cancels the call's own task, while it runs in one.
        var cancel: (@Sendable () -> Void)?
        var alarm: Int?
        /// Counts armings, so that an alarm set late does not stand for a newer deadline.
        var generation = 0
    }

    /// The deadline as the scope was made: all there is to a call that runs in the caller's task.
    private let initial: (deadline: Duration, limit: Limit)
    /// The deadline as it moves and the alarm that ends the call's own task: only for a call that
    /// runs in one (a call in the caller's task allocates no lock).
    private let state: Locked<State>?

    /// A scope whose deadline is `limit`'s duration from now.
    ///
    /// - Parameters:
    ///   - clock: The clock the deadline is kept on.
    ///   - limit: What the deadline limits first.
    ///   - ownTask: Whether ``run(_:)`` runs the work in a task of its own that the deadline
    ///     cancels (and the deadline can move); without, in the caller's task.
    init(clock: CallClock, limit: Limit, ownTask: Bool = true) {
        self.clock = clock
        let deadline = clock.now() + limit.duration
        initial = (deadline, limit)
        state = ownTask ? Locked(State(deadline: deadline, limit: limit)) : nil
    }

    /// The time left before the deadline, zero once it has passed, ``unlimited`` while paused.
    var remaining: Duration {
        guard let state else { return max(.zero, initial.deadline - clock.now()) }
        guard let deadline = state.withLock({ $0.deadline }) else { return Self.unlimited }
        return max(.zero, deadline - clock.now())
    }

    /// The deadline on the system clock (as ``CallClock/system`` reads it), for a transport's
    /// native timer.
    var transportDeadline: Duration {
        CallClock.system.now() + remaining
    }

    /// Whether the time is up: the alarm rang, or the clock has passed the deadline.
    package var hasPassed: Bool {
        guard let state else { return clock.now() >= initial.deadline }
        let (deadline, expired) = state.withLock { ($0.deadline, $0.expired) }
        if expired != nil { return true }
        guard let deadline else { return false }
        return clock.now() >= deadline
    }

    /// Whether the call's work runs in a task of its own, which the scope cancels at the deadline.
    var runsInItsOwnTask: Bool { state != nil }

    /// Whether the alarm rang: the call's own task was cut off at the deadline.
    var hasExpired: Bool {
        state?.withLock { $0.expired != nil } ?? false
    }

    /// Runs the call's work under the deadline.
    ///
    /// In a scope made with `ownTask`, the work runs in a task of its own, cancelled when the
    /// deadline passes or the caller's task is cancelled; otherwise in the caller's task (for work
    /// whose only wait ends by the deadline by itself). Work that returns after the deadline throws
    /// ``Expired``, and so does work cut off at the deadline, whatever it threw (it may have
    /// swallowed its cancellation and failed otherwise).
    ///
    /// - Throws: What the work threw, or ``Expired``.
    nonisolated(nonsending) func run<Value: Sendable>(
        _ work: nonisolated(nonsending) @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard let state else {
            // In the caller's task, the work checks the time itself, once it has the response
            // (``APIClient/run``): a late one fails with it.
            return try await work()
        }
        return try await run(work, inTaskOfItsOwn: state)
    }

    /// ``run(_:)`` for a scope with a task of its own. A function of its own so that the caller's
    /// task path holds no `Result<Value, any Error>`: an async function that holds a value of a
    /// generic type instantiates its metadata on entry, a lookup in the runtime's metadata cache
    /// on every call (about 600 instructions, more the more instantiations the process has).
    private func run<Value: Sendable>(
        _ work: nonisolated(nonsending) @escaping @Sendable () async throws -> Value,
        inTaskOfItsOwn state: Locked<State>
    ) async throws -> Value {
        let task = Task { try await work() }
        let armed = state.withLock { state -> Arming in
            state.cancel = { task.cancel() }
            return arming(&state)
        }
        apply(armed)
        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            task.cancel()
        }
        let disarmed = state.withLock { state -> Arming in
            state.cancel = nil
            return disarming(&state)
        }
        apply(disarmed)
        switch result {
        case .success(let value):
            if hasPassed { throw Expired() }
            return value
        case .failure(let error):
            if hasExpired, !(error is APIError && (error as? APIError)?.kind == .timeout) { throw Expired() }
            throw error
        }
    }

    /// Moves the deadline: `limit`'s duration from now.
    package func rearm(_ limit: Limit) {
        guard let state else { return }  // a call in the caller's task: its deadline never moves
        let armed = state.withLock { state -> Arming in
            state.limit = limit
            state.deadline = clock.now() + limit.duration
            return state.cancel == nil ? Arming() : arming(&state)
        }
        apply(armed)
    }

    /// Lifts the deadline until the next ``rearm(_:)``: a stream waiting for its consumer.
    package func pause() {
        guard let state else { return }
        let disarmed = state.withLock { state -> Arming in
            state.deadline = nil
            return disarming(&state)
        }
        apply(disarmed)
    }

    /// What to do about the alarm, decided under the lock and done outside it: setting an alarm
    /// may ring it at once, and ringing takes the lock.
    private struct Arming {
        var cancel: Int?
        var set: Duration?
        /// Set when the deadline had already passed: the call's task to cancel.
        var cut: (@Sendable () -> Void)?
        /// The arming this one replaces, to tell a stale alarm from the current one.
        var generation = 0
    }

    private func arming(_ state: inout State) -> Arming {
        var arming = disarming(&state)
        guard let deadline = state.deadline else { return arming }
        if clock.now() >= deadline {
            state.expired = state.limit
            arming.cut = state.cancel
            return arming
        }
        arming.set = deadline
        arming.generation = state.generation
        return arming
    }

    private func disarming(_ state: inout State) -> Arming {
        state.generation += 1
        defer { state.alarm = nil }
        return Arming(cancel: state.alarm)
    }

    private func apply(_ arming: Arming) {
        if let id = arming.cancel { clock.alarms.cancel(id) }
        arming.cut?()
        guard let deadline = arming.set, let state else { return }
        let id = clock.alarms.set(at: deadline) { [weak self] in self?.ring() }
        let stale = state.withLock { state -> Bool in
            guard state.generation == arming.generation else { return true }
            state.alarm = id
            return false
        }
        if stale { clock.alarms.cancel(id) }
    }

    private func ring() {
        let cancel = state?.withLock { state -> (@Sendable () -> Void)? in
            guard let deadline = state.deadline, clock.now() >= deadline else { return nil }
            state.expired = state.limit
            return state.cancel
        }
        cancel?()
    }

    /// The error of a call whose time ran out: the one place a call's timeout is made.
    ///
    /// - Parameters:
    ///   - request: The request on the wire when the time ran out, if any.
    ///   - response: Its response head, if it had arrived.
    ///   - underlying: The error the work ended with, if any.
    ///   - interceptor: The interceptor that was waiting on its own when the time ran out, if any.
    ///   - byTransport: Whether a transport's own timeout (its session's idle timeout) ended the
    ///     exchange before the call's deadline.
    /// - Returns: The ``APIError/Kind/timeout`` error, worded by the limit that ran out.
    func timeoutError(
        request: HTTPRequest?, response: HTTPResponse? = nil, underlying: (any Error)? = nil,
        interceptor: String? = nil, byTransport: Bool = false
    ) -> APIError {
        let limit = state?.withLock { $0.expired ?? $0.limit } ?? initial.limit
        let message: String
        switch byTransport ? nil : limit {
        case nil:
            message = "The transport timed out."
        case .total(let duration)?:
            message =
                interceptor.map { "The call did not complete within its time limit of \(duration) while \($0) ran." }
                ?? "The call did not complete within its time limit of \(duration)."
        case .connect(let duration)?:
            message = "The server did not answer within the time limit of \(duration)."
        case .idle(let duration)?:
            message = "The stream stayed silent for longer than its idle timeout of \(duration)."
        }
        var error = APIError(.timeout, message, request: request, response: response, underlying: underlying)
        error.interceptorName = interceptor
        return error
    }
}
