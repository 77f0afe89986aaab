public import CourierCore
import Foundation
public import HTTPTypes

/// An open WebSocket connection: send the request's `Outgoing` messages, read its `Response`
/// messages, close it.
///
/// Made by ``CourierCore/APIClient/withWebSocket(_:options:isolation:_:)``, which closes it when its
/// closure returns (1000) or throws, or its task is cancelled (1001).
public final class WebSocket<Request: WebSocketRequest>: Sendable {
    /// The server's `101 Switching Protocols`.
    public let response: HTTPResponse
    /// The messages the server sends, decoded as the request's `Response`.
    public let messages: WebSocketMessages<Request.Response>

    let session: SocketSession
    private let request: Request
    private let encoder: JSONEncoder

    init(
        response: HTTPResponse, session: SocketSession, inbox: Inbox<Request.Response>, request: Request,
        encoder: JSONEncoder
    ) {
        self.response = response
        self.messages = WebSocketMessages(inbox: inbox)
        self.session = session
        self.request = request
        self.encoder = encoder
    }

    /// The subprotocol the server chose, if any.
    public var subprotocol: String? { response.headerFields[.secWebSocketProtocol] }

    /// The server's close frame, once it came.
    public var serverClose: WebSocketClose? { session.serverClose }

    /// Sends a message, encoded as the request says (JSON text frames by default), and waits until
    /// the connection has taken it.
    ///
    /// - Throws: `APIError.Kind.encoding` when the value cannot be encoded;
    ///   `APIError.Kind.cancelled` once the connection is closing; `APIError.Kind.transport`
    ///   when it failed.
    public func send(_ message: Request.Outgoing) async throws(APIError) {
        let encoded: WebSocketMessage
        do {
            encoded = try request.encode(message, encoder: encoder)
        } catch {
            throw APIError(
                .encoding, "A message could not be encoded as \(Request.Outgoing.self).", request: session.request,
                underlying: error)
        }
        try await send(encoded)
    }

    /// Sends a message as it is.
    public func send(_ message: WebSocketMessage) async throws(APIError) {
        try await session.send(FrameEncoder.message(message))
    }

    /// Closes the connection: sends a close frame with `code` and `reason`, and waits for the
    /// server's (at most the options' `closeTimeout`). Messages that arrive meanwhile are dropped.
    public func close(_ code: WebSocketCloseCode = .normal, reason: String = "") async {
        messages.inbox.drain()
        await session.close(code, reason: reason)
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
