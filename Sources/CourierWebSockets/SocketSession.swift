import CourierCore
import Foundation
import HTTPTypes

/// One open WebSocket connection's shared state: its writer, whether a close frame went out or
/// came in, and the wait for the server's close.
final class SocketSession: Sendable {
    private struct State {
        var closeSent = false
        /// Whether the close frame has been written (or failed to be).
        var closeWritten = false
        /// Callers of ``sendClose(_:reason:)`` waiting for another's close frame to be written.
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
        var serverClose: WebSocketClose?
        var ended = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    let writer: any SocketWriter
    let request: HTTPRequest
    /// How long a close frame may take to be written, and the server's close to come.
    let closeTimeout: Duration
    /// The client's clock (`configuration.clock`), which the close's wait is kept on.
    let clock: CallClock
    private let state = Locked(State())

    init(writer: any SocketWriter, request: HTTPRequest, closeTimeout: Duration, clock: CallClock) {
        self.writer = writer
        self.request = request
        self.closeTimeout = closeTimeout
        self.clock = clock
    }

    /// The server's close frame, once it came.
    var serverClose: WebSocketClose? { state.withLock { $0.serverClose } }

    /// Whether a close frame went out.
    var closeSent: Bool { state.withLock { $0.closeSent } }

    /// Sends a data frame.
    ///
    /// - Throws: `APIError.Kind.cancelled` once the connection is closing or closed;
    ///   `APIError.Kind.transport` when the connection failed.
    func send(_ frame: Data) async throws(APIError) {
        let open = state.withLock { !$0.closeSent && !$0.ended }
        guard open else {
            throw APIError(.cancelled, "The WebSocket is closed: the message was not sent.", request: request)
        }
        try await write(frame)
    }

    /// Writes a frame of the connection's own (a pong, a ping).
    func write(_ frame: Data) async throws(APIError) {
        do {
            try await writer.write(frame)
        } catch {
            throw APIError(
                .transport, "The WebSocket's connection failed while sending.", request: request, underlying: error)
        }
    }

    /// Sends a close frame, once, and returns when it has been written: a later call (the reader
    /// ending after the app's close) waits for the first one's frame, so that the connection is
    /// never ended before its close frame went out.
    func sendClose(_ code: WebSocketCloseCode, reason: String) async {
        enum Role { case write, wait, skip }
        let role = state.withLock { state -> Role in
            if state.ended || state.closeWritten { return .skip }
            if state.closeSent { return .wait }
            state.closeSent = true
            return .write
        }
        switch role {
        case .write:
            await writer.writeClose(FrameEncoder.close(code, reason: reason), within: closeTimeout)
            let waiters = state.withLock { state in
                state.closeWritten = true
                defer { state.closeWaiters = [] }
                return state.closeWaiters
            }
            for waiter in waiters { waiter.resume() }
        case .wait:
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let done = state.withLock { state in
                    if state.closeWritten || state.ended { return true }
                    state.closeWaiters.append(waiter)
                    return false
                }
                if done { waiter.resume() }
            }
        case .skip:
            break
        }
    }

    /// The server's close frame came: answered with the same code, as RFC 6455 asks, unless the
    /// client's went out first.
    func serverClosed(_ close: WebSocketClose?) async {
        state.withLock { $0.serverClose = close ?? WebSocketClose(code: nil) }
        await sendClose(close?.code ?? .normal, reason: "")
    }

    /// The connection has ended: closers waiting for the server's close go on.
    func ended() {
        let waiters = state.withLock { state in
            state.ended = true
            defer { (state.waiters, state.closeWaiters) = ([], []) }
            return state.waiters + state.closeWaiters
        }
        for waiter in waiters { waiter.resume() }
        writer.end()
    }

    /// Sends a close frame (unless one went out) and waits for the server's, at most
    /// ``closeTimeout``, then ends the connection; at once in a cancelled task, once the frame is
    /// written.
    func close(_ code: WebSocketCloseCode, reason: String) async {
        await sendClose(code, reason: reason)
        if !Task.isCancelled {
            let (clock, timeout) = (clock, closeTimeout)
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.waitUntilEnded() }
                group.addTask { try? await clock.sleep(for: timeout) }
                await group.next()
                group.cancelAll()
            }
        }
        ended()
    }

    /// Waits until the connection has ended, or the task is cancelled.
    func waitUntilEnded() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    if state.ended || Task.isCancelled { return true }
                    state.waiters.append(waiter)
                    return false
                }
                if now { waiter.resume() }
            }
        } onCancel: {
            let waiters = state.withLock { state in
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }
}
