import HTTPTypes

/// One streamed exchange, run in a task of its own so that it can be cut off — when the head does
/// not arrive by the call's deadline, when the body stays silent longer than the idle timeout, or
/// when the consumer leaves — without cancelling the consumer's task, which may reconnect.
final class StreamConnection<Element: Sendable>: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var watch: Int?
        var expired: StreamExpiry?
    }

    /// Carries what the connection produces to the consumer.
    let handoff = Handoff<Element>()
    private let state = Locked(State())

    /// Starts `operation` in a task of its own; it ends the stream by returning or throwing.
    init(_ operation: @escaping @Sendable (StreamConnection<Element>) async throws -> Void) {
        let task = Task { [self] in
            do {
                try await operation(self)
                disarm()
                handoff.finish(nil)
            } catch {
                disarm()
                handoff.finish(error)
            }
        }
        // A watch that expired before the task was stored could not cancel it.
        let expired = state.withLock { state in
            state.task = task
            return state.expired != nil
        }
        if expired { task.cancel() }
    }

    /// The next value, or the end of the connection. Cancelling the calling task cancels the
    /// connection.
    func next() async -> Handoff<Element>.Next {
        await handoff.receive { [self] in cancel() }
    }

    /// Ends the connection: the consumer has gone.
    func cancel() {
        handoff.close()
        state.withLock { $0.task }?.cancel()
    }

    /// Cuts the connection off unless ``disarm()`` comes within `expiry`'s duration.
    func arm(_ expiry: StreamExpiry, until deadline: ContinuousClock.Instant? = nil) {
        let instant: ContinuousClock.Instant
        switch expiry {
        case .connect(let duration), .idle(let duration):
            instant = deadline ?? .now.advanced(by: duration)
        }
        let id = DeadlineWatchdog.shared.watch(until: instant) { [self] in
            let task = state.withLock { state -> Task<Void, Never>? in
                state.expired = expiry
                return state.task
            }
            task?.cancel()
        }
        let previous = state.withLock { state -> Int? in
            defer { state.watch = id }
            return state.watch
        }
        if let previous { DeadlineWatchdog.shared.stopWatching(previous) }
    }

    /// Stops the watch ``arm(_:until:)`` started.
    func disarm() {
        let id = state.withLock { state -> Int? in
            defer { state.watch = nil }
            return state.watch
        }
        if let id { DeadlineWatchdog.shared.stopWatching(id) }
    }

    /// The timeout error for a connection a watch cut off; `nil` when none did.
    func timeoutError(request: HTTPRequest, response: HTTPResponse?) -> APIError? {
        switch state.withLock({ $0.expired }) {
        case .connect(let duration):
            return APIError(
                .timeout, "The server did not answer within the time limit of \(duration).", request: request)
        case .idle(let duration):
            return APIError(
                .timeout, "The stream stayed silent for longer than its idle timeout of \(duration).",
                request: request, response: response)
        case nil:
            return nil
        }
    }
}

/// Why a watch cut a streamed connection off.
enum StreamExpiry: Sendable {
    /// The head did not arrive by the call's deadline, which is that long after the start.
    case connect(Duration)
    /// The body stayed silent that long.
    case idle(Duration)
}
