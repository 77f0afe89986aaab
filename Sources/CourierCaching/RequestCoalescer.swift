import CourierCore
import Foundation
import HTTPTypes

/// Identical calls in flight, shared: the first caller starts the load in a task of its own, later
/// callers with the same key join it, and all get its result.
///
/// A caller that is cancelled (or whose deadline passes) leaves alone: the others keep waiting.
/// When the last caller leaves, the load is cancelled. A load that has finished, or that every
/// caller left, is not joined again: the next caller starts a new one.
final class RequestCoalescer: Sendable {
    private let flights = Locked<[String: Flight]>([:])

    /// Runs `load` for `key`, or joins the identical load in flight.
    ///
    /// - Returns: The load's result and whether this caller joined another's load; `nil` when
    ///   this caller was cancelled before the load finished.
    func run(
        key: String, _ load: @escaping @Sendable () async -> Result<Loaded, APIError>
    ) async -> (Result<Loaded, APIError>, joined: Bool)? {
        let (flight, id, joined) = flights.withLock { flights in
            if let flight = flights[key], let id = flight.join() { return (flight, id, true) }
            let flight = Flight()
            flights[key] = flight
            return (flight, flight.join()!, false)
        }
        if !joined {
            flight.start {
                let result = await load()
                self.flights.withLock { flights in
                    if flights[key] === flight { flights[key] = nil }
                }
                flight.finish(result)
            }
        }
        let result = await withTaskCancellationHandler {
            await flight.wait(id)
        } onCancel: {
            if flight.leave(id) {
                self.flights.withLock { flights in
                    if flights[key] === flight { flights[key] = nil }
                }
            }
        }
        return result.map { ($0, joined) }
    }

    /// The callers of the loads in flight (joined and not left): for tests that must know every
    /// caller has joined before they act.
    var callers: Int {
        flights.withLock { $0.values.reduce(0) { $0 + $1.members } }
    }
}

/// A response loaded from the server (or revalidated), as the cache hands it to every caller.
struct Loaded: Sendable {
    var response: HTTPResponse
    var body: Data
    var redirects: [RedirectHop]
    var outcome: CacheOutcome
}

/// One load in flight and its callers.
private final class Flight: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var result: Result<Loaded, APIError>?
        var waiters: [Int: CheckedContinuation<Result<Loaded, APIError>?, Never>] = [:]
        /// Callers that joined and have not left.
        var members = 0
        var nextID = 0
        /// Callers that left before they began to wait.
        var left: Set<Int> = []
        /// Every caller left: the load is cancelled and no one may join.
        var abandoned = false
    }

    private let state = Locked(State())

    /// Callers that joined and have not left.
    var members: Int { state.withLock { $0.members } }

    /// Adds a caller; `nil` once the load has finished or been abandoned.
    func join() -> Int? {
        state.withLock { state in
            guard state.result == nil, !state.abandoned else { return nil }
            state.members += 1
            state.nextID += 1
            return state.nextID
        }
    }

    /// Starts the load, unless every caller has already left.
    func start(_ load: @escaping @Sendable () async -> Void) {
        let task = Task(operation: load)
        let abandoned = state.withLock { state in
            state.task = task
            return state.abandoned
        }
        if abandoned { task.cancel() }
    }

    /// Waits for the result; `nil` when the caller left first.
    func wait(_ id: Int) async -> Result<Loaded, APIError>? {
        await withCheckedContinuation { continuation in
            let ready: Result<Loaded, APIError>?? = state.withLock { state in
                if let result = state.result { return .some(result) }
                if state.left.contains(id) { return .some(nil) }
                state.waiters[id] = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Removes a cancelled caller; cancels the load when it was the last. Returns whether the
    /// load was abandoned.
    func leave(_ id: Int) -> Bool {
        let (waiter, task) = state.withLock {
            state -> (CheckedContinuation<Result<Loaded, APIError>?, Never>?, Task<Void, Never>?) in
            guard state.result == nil else { return (nil, nil) }
            let waiter = state.waiters.removeValue(forKey: id)
            if waiter == nil { state.left.insert(id) }
            state.members -= 1
            guard state.members == 0 else { return (waiter, nil) }
            state.abandoned = true
            return (waiter, state.task)
        }
        waiter?.resume(returning: nil)
        task?.cancel()
        return task != nil || state.withLock { $0.abandoned }
    }

    /// Hands the result to every caller still waiting.
    func finish(_ result: Result<Loaded, APIError>) {
        let waiters = state.withLock { state in
            state.result = result
            defer { state.waiters = [:] }
            return state.waiters
        }
        for waiter in waiters.values { waiter.resume(returning: result) }
    }
}
