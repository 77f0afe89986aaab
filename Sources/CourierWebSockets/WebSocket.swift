public import CourierCore
import Foundation
public import HTTPTypes

/// A WebSocket connection: send the request's `Outgoing` messages, read its `Response` messages,
/// close it. With ``WebSocketOptions/reconnection``, one `WebSocket` outlives the connections
/// under it: its messages go on across a reconnection, and never more than one connection is
/// open at a time.
///
/// Made by ``CourierCore/APIClient/withWebSocket(_:options:isolation:onReconnect:_:)``, which closes it
/// when its closure returns (1000) or throws, or its task is cancelled (1001).
public final class WebSocket<Request: WebSocketRequest>: Sendable {
    /// The messages the server sends, decoded as the request's `Response`.
    public let messages: WebSocketMessages<Request.Response>
    /// The connection's states, as they change (one consumer).
    public let states: AsyncStream<WebSocketState>

    let encoding: MessageEncoding<Request>
    let observation: StreamObservation
    private let stateContinuation: AsyncStream<WebSocketState>.Continuation
    private let link = Locked(Link())

    private struct Link {
        var session: SocketSession?
        var response: HTTPResponse?
        var state = WebSocketState.connecting
        /// Whether the app closed it: no reconnection after.
        var closing = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    init(inbox: Inbox<Request.Response>, encoding: MessageEncoding<Request>, observation: StreamObservation) {
        self.messages = WebSocketMessages(inbox: inbox)
        self.encoding = encoding
        self.observation = observation
        (states, stateContinuation) = AsyncStream.makeStream(
            of: WebSocketState.self, bufferingPolicy: .bufferingNewest(16))
        stateContinuation.yield(.connecting)
    }

    /// The server's `101 Switching Protocols` of the current (or last) connection.
    public var response: HTTPResponse? { link.withLock { $0.response } }

    /// The subprotocol the server chose, if any.
    public var subprotocol: String? { response?.headerFields[.secWebSocketProtocol] }

    /// The state now.
    public var state: WebSocketState { link.withLock { $0.state } }

    /// The server's close frame, once the last connection has one.
    public var serverClose: WebSocketClose? { link.withLock { $0.session }?.serverClose }

    /// Sends a message, encoded as the request says (JSON text frames by default), and waits until
    /// the connection has taken it; while it reconnects, until it is open again.
    ///
    /// - Parameter message: The message.
    /// - Throws: `APIError.Kind.encoding` when the value cannot be encoded;
    ///   `APIError.Kind.cancelled` once the connection is closed, or the task is cancelled;
    ///   `APIError.Kind.transport` when it failed.
    public func send(_ message: Request.Outgoing) async throws(APIError) {
        let session = try await openSession()
        let encoded = try encoding.message(for: message, request: session.request)
        try await session.send(FrameEncoder.message(encoded))
        observation.sent(bytes: encoded.byteCount)
    }

    /// Sends a message as it is.
    ///
    /// - Parameter message: The message.
    /// - Throws: As ``send(_:)-(Request.Outgoing)`` does, but for encoding.
    public func send(_ message: WebSocketMessage) async throws(APIError) {
        try await openSession().send(FrameEncoder.message(message))
        observation.sent(bytes: message.byteCount)
    }

    /// Closes the connection: sends a close frame with `code` and `reason`, and waits for the
    /// server's (at most the options' `closeTimeout`). Messages that arrive meanwhile are dropped,
    /// and it does not reconnect.
    ///
    /// - Parameters:
    ///   - code: Why.
    ///   - reason: Words for it (at most 123 bytes of UTF-8 are sent).
    public func close(_ code: WebSocketCloseCode = .normal, reason: String = "") async {
        messages.inbox.drain()
        let session = link.withLock { link in
            link.closing = true
            return link.session
        }
        await session?.close(code, reason: reason)
    }

    /// The open connection's session, once there is one.
    private func openSession() async throws(APIError) -> SocketSession {
        while true {
            let (session, closed) = link.withLock { link -> (SocketSession?, Bool) in
                if link.state == .open, let session = link.session { return (session, false) }
                return (nil, link.closing || link.state == .closed)
            }
            if let session { return session }
            if closed { throw APIError(.cancelled, "The WebSocket is closed: the message was not sent.") }
            if Task.isCancelled { throw APIError(.cancelled, "The task sending on the WebSocket was cancelled.") }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                    let now = link.withLock { link in
                        if link.state == .open || link.state == .closed || link.closing || Task.isCancelled {
                            return true
                        }
                        link.waiters.append(waiter)
                        return false
                    }
                    if now { waiter.resume() }
                }
            } onCancel: {
                wakeWaiters()
            }
        }
    }

    private func wakeWaiters() {
        let waiters = link.withLock { link in
            defer { link.waiters = [] }
            return link.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    // The connection's task moves the state.

    /// Whether the app has closed the socket.
    var isClosing: Bool { link.withLock { $0.closing } }

    /// A new connection's session: the app's sends wait for ``markOpen()`` (a reconnection's hook
    /// goes first).
    func attach(_ session: SocketSession, response: HTTPResponse) {
        link.withLock { link in
            link.session = session
            link.response = response
        }
    }

    func markOpen() {
        set(.open)
    }

    func markReconnecting(attempt: Int, delay: Duration) {
        set(.reconnecting(attempt: attempt, delay: delay))
    }

    func markClosed() {
        set(.closed)
        stateContinuation.finish()
    }

    private func set(_ state: WebSocketState) {
        let changed = link.withLock { link in
            defer { link.state = state }
            return link.state != state && link.state != .closed
        }
        guard changed else { return }
        stateContinuation.yield(state)
        wakeWaiters()
    }
}

/// The messages of a WebSocket connection, decoded: an `AsyncSequence` that ends when the
/// connection is closed (by either side, with 1000 or 1001), and throws how it failed otherwise.
///
/// A message that cannot be decoded is thrown once, as `APIError.Kind.decoding` naming the type,
/// and iterating again goes on with the next message, unless the options end the connection on
/// it (``WebSocketOptions/endsOnMalformedMessage``).
public struct WebSocketMessages<Element: Sendable>: AsyncSequence, Sendable {
    /// The messages' errors: `APIError`.
    public typealias Failure = APIError
    let inbox: Inbox<Element>

    /// Reads the messages in order.
    public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
        let inbox: Inbox<Element>

        /// The next message; `nil` once the connection is closed.
        ///
        /// - Returns: The message, decoded.
        /// - Throws: A message's `APIError.Kind.decoding` (once), or how the connection failed.
        public mutating func next() async throws(APIError) -> Element? {
            try await inbox.next()
        }

        /// The next message; `nil` once the connection is closed.
        ///
        /// - Parameter actor: The caller's actor.
        /// - Returns: The message, decoded.
        /// - Throws: A message's `APIError.Kind.decoding` (once), or how the connection failed.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError) -> Element? {
            try await inbox.next()
        }
    }

    /// An iterator over the messages. Iterators share the messages: each message goes to one.
    ///
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(inbox: inbox)
    }
}
