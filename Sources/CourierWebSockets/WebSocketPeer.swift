import CourierCore
public import Foundation
public import HTTPTypes

/// The server's side of an in-memory WebSocket (``WebSocketServing``): what a test's script
/// receives from the app, and sends to it.
///
/// ```swift
/// .accept { peer in
///     while let message = await peer.receive() {
///         try await peer.send(message)  // echo
///     }
/// }
/// ```
///
/// Messages sent are buffered until the app reads them: a peer does not model a slow network.
public final class WebSocketPeer: Sendable {
    private struct State {
        var received: [WebSocketMessage] = []
        var receivers: [CheckedContinuation<WebSocketMessage?, Never>] = []
        var inboundEnded = false
        var clientClose: WebSocketClose?
        var closeSent = false
        var ended = false
    }

    /// The handshake as the server received it.
    public let request: HTTPRequest
    private let outbound: AsyncStream<Data>.Continuation
    private let state = Locked(State())

    init(request: HTTPRequest, outbound: AsyncStream<Data>.Continuation) {
        self.request = request
        self.outbound = outbound
    }

    /// The app's close frame, once it came.
    public var clientClose: WebSocketClose? { state.withLock { $0.clientClose } }

    /// The next message from the app, waiting for it; `nil` once the app closed the connection
    /// or it ended. One task receives at a time.
    public func receive() async -> WebSocketMessage? {
        await withCheckedContinuation { (receiver: CheckedContinuation<WebSocketMessage?, Never>) in
            let now = state.withLock { state -> WebSocketMessage?? in
                if !state.received.isEmpty { return .some(state.received.removeFirst()) }
                if state.inboundEnded { return .some(nil) }
                state.receivers.append(receiver)
                return nil
            }
            if let now { receiver.resume(returning: now) }
        }
    }

    /// Sends a message to the app.
    ///
    /// - Throws: ``Closed`` once the server closed the connection, or it ended.
    public func send(_ message: WebSocketMessage) throws(Closed) {
        try write(FrameEncoder.message(message, masked: false))
    }

    /// Sends `value` as JSON in a text message.
    ///
    /// - Throws: What the encoder throws, or ``Closed``.
    public func send(json value: some Encodable, encoder: JSONEncoder = JSONEncoder()) throws {
        try send(.text(String(decoding: try encoder.encode(value), as: UTF8.self)))
    }

    /// Sends the close frame; the connection ends once the app answers it.
    public func close(_ code: WebSocketCloseCode = .normal, reason: String = "") {
        let send = state.withLock { state in
            defer { state.closeSent = true }
            return !state.closeSent && !state.ended
        }
        if send { outbound.yield(FrameEncoder.close(code, reason: reason, masked: false)) }
    }

    /// Ends the connection without a close frame, as a dropped connection does: the app sees it
    /// end abnormally (1006), and reconnects if it was asked to.
    public func drop() {
        end()
    }

    /// The connection is closed or gone: nothing more can be sent.
    public struct Closed: Error, CustomStringConvertible {
        /// Says so.
        public var description: String { "The WebSocket's connection is closed: the message was not sent." }
    }

    private func write(_ frame: Data) throws(Closed) {
        let open = state.withLock { !$0.closeSent && !$0.ended }
        guard open else { throw Closed() }
        outbound.yield(frame)
    }

    /// A message from the app.
    func deliver(_ message: WebSocketMessage) {
        let receiver = state.withLock { state -> CheckedContinuation<WebSocketMessage?, Never>? in
            if state.receivers.isEmpty {
                state.received.append(message)
                return nil
            }
            return state.receivers.removeFirst()
        }
        receiver?.resume(returning: message)
    }

    /// A ping from the app: answered with its payload.
    func pinged(_ payload: Data) {
        let open = state.withLock { !$0.ended }
        if open { outbound.yield(FrameEncoder.frame(.pong, payload: payload, mask: nil)) }
    }

    /// The app's close frame: answered with the same code unless the server closed first; then the
    /// server ends the connection, as RFC 6455 asks.
    func clientClosed(_ close: WebSocketClose?) {
        let answer = state.withLock { state in
            state.clientClose = close ?? WebSocketClose(code: nil)
            defer { state.closeSent = true }
            return !state.closeSent && !state.ended
        }
        if answer { outbound.yield(FrameEncoder.close(close?.code ?? .normal, reason: "", masked: false)) }
        end()
    }

    /// The script is over: the connection closes with 1000 (1011 when it threw), unless it was
    /// closed.
    func scriptEnded(_ error: (any Error)?) {
        if let error {
            close(.internalError, reason: String("\(error)".prefix(100)))
        } else {
            close(.normal)
        }
    }

    /// Ends the connection: the app's bytes end, receivers get `nil`.
    func end() {
        let receivers = state.withLock { state in
            state.ended = true
            state.inboundEnded = true
            defer { state.receivers = [] }
            return state.receivers
        }
        for receiver in receivers { receiver.resume(returning: nil) }
        outbound.finish()
    }
}
