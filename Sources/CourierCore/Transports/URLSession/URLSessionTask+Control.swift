import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where ``URLSessionTransport`` makes the FoundationNetworking calls that wait for the session's
/// work queue: creating, starting and cancelling a task, and answering a challenge.
///
/// In FoundationNetworking 6.3 `dataTask(with:)`, `uploadTask(with:fromFile:)`, `resume()` and
/// `cancel()` each run a `sync` block on the session's work queue, and that queue is one serial
/// queue for every session in the process, which also runs libcurl's transfers and the delegate
/// callbacks. While something holds it, each of those calls waits. Made from Swift's cooperative
/// pool — on Linux one thread per core, which never grows while they wait — two such calls held
/// both threads of a 2-core machine and stopped every task in the process (other transports'
/// calls, every deadline) for as long as the queue was held; made from `DispatchQueue.global()`,
/// they took the threads the pool runs on. This queue is serial, so a task is created, started
/// and cancelled in that order, and it runs on a thread libdispatch adds for it, never on one the
/// pool uses.
enum SessionControl {
    static let queue = DispatchQueue(label: "Courier.URLSessionTransport.control")
}

extension URLSessionTask {
    /// Starts the task without waiting for its session (see ``SessionControl``).
    func resumeWithoutWaiting() {
        #if canImport(FoundationNetworking)
            SessionControl.queue.async { self.resume() }
        #else
            resume()
        #endif
    }

    /// Cancels the task without waiting for its session (see ``SessionControl``).
    ///
    /// FoundationNetworking's `cancel()` (Swift 6.3) waits for the session's queue, and that
    /// queue runs the transport's delegate callbacks (``DelegateQueue``): called from one, it would
    /// wait for itself.
    func cancelWithoutWaiting() {
        #if canImport(FoundationNetworking)
            SessionControl.queue.async { self.cancel() }
        #else
            cancel()
        #endif
    }
}

/// Ends one exchange early, whatever stage it has reached: the caller's cancellation or the
/// transport's deadline, which must not wait for the session (its queue may be held).
final class Abandonment: Sendable {
    private struct State {
        var error: (any Error)?
        var handler: (@Sendable (any Error) -> Void)?
    }

    private let state = Locked(State())

    /// Ends the exchange with `error`: now, if a stage is under way; else when one starts.
    func abandon(with error: any Error) {
        let handler = state.withLock { state -> (@Sendable (any Error) -> Void)? in
            guard state.error == nil else { return nil }
            state.error = error
            return state.handler
        }
        handler?(error)
    }

    /// Makes `handler` end the stage now under way; calls it at once when the exchange was already
    /// abandoned.
    func route(to handler: @escaping @Sendable (any Error) -> Void) {
        let error = state.withLock { state -> (any Error)? in
            state.handler = handler
            return state.error
        }
        if let error { handler(error) }
    }
}

/// A task being created on ``SessionControl/queue``, which the exchange may give up on meanwhile.
final class TaskCreation: Sendable {
    private struct State {
        var continuation: CheckedContinuation<URLSessionTask, any Error>?
        var abandoned: (any Error)?
        var delivered = false
    }

    private let state = Locked(State())

    /// Waits for the task, or for the exchange's abandonment.
    func wait(_ continuation: CheckedContinuation<URLSessionTask, any Error>) {
        let abandoned = state.withLock { state -> (any Error)? in
            if let error = state.abandoned { return error }
            state.continuation = continuation
            return nil
        }
        if let abandoned { continuation.resume(throwing: abandoned) }
    }

    /// Whether the exchange gave up waiting.
    var isAbandoned: Bool {
        state.withLock { $0.abandoned != nil }
    }

    /// Hands over the new task; `false` when the exchange was abandoned first (cancel the task).
    func deliver(_ task: URLSessionTask) -> Bool {
        let continuation = state.withLock { state -> CheckedContinuation<URLSessionTask, any Error>?? in
            guard state.abandoned == nil else { return .none }
            state.delivered = true
            defer { state.continuation = nil }
            return .some(state.continuation)
        }
        guard let continuation else { return false }
        continuation?.resume(returning: task)
        return true
    }

    /// Gives up waiting, unless the task was already delivered.
    func abandon(with error: any Error) {
        let continuation = state.withLock { state -> CheckedContinuation<URLSessionTask, any Error>? in
            guard !state.delivered, state.abandoned == nil else { return nil }
            state.abandoned = error
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(throwing: error)
    }
}
