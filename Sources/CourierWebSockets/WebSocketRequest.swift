public import CourierCore
public import Foundation
public import HTTPTypes

/// A WebSocket endpoint: where it is, and the messages that cross it.
///
/// A WebSocket request is an `APIRequest` whose `Response` is the type of each message the
/// server sends, decoded as a call's response is (JSON with the request's or the client's decoder;
/// `String` or `Data` as it arrived), and whose `Outgoing` is the type of each message the app
/// sends (JSON text frames by default). The handshake is a `GET` through the client's call path:
/// its interceptors (authorization, a refresh on `401`), cookies, redirects, timeout and errors.
///
/// ```swift
/// struct ChatSocket: WebSocketRequest {
///     typealias Response = ChatEvent      // what the server sends
///     typealias Outgoing = ChatCommand    // what the app sends
///     var path: String { "/chat" }
/// }
///
/// try await client.withWebSocket(ChatSocket()) { socket in
///     try await socket.send(.join(room: "general"))
///     for try await event in socket.messages { print(event) }
/// }
/// ```
public protocol WebSocketRequest<Response>: APIRequest {
    /// The type of the messages the app sends.
    associatedtype Outgoing: Sendable = String

    /// The frames the app's messages go in: ``WebSocketMessage/Format/text`` (the default) or
    /// ``WebSocketMessage/Format/binary``. Incoming messages of either kind are decoded.
    var messageFormat: WebSocketMessage.Format { get }

    /// The subprotocols offered in `Sec-WebSocket-Protocol`, in order of preference; none by
    /// default.
    var subprotocols: [String] { get }

    /// The message an outgoing value is sent as.
    ///
    /// - Parameters:
    ///   - message: The value.
    ///   - encoder: The client's encoder (`configuration.encoder`).
    /// - Returns: The message.
    /// - Throws: What the encoding throws; the client reports it as `APIError.Kind.encoding`.
    func encode(_ message: Outgoing, encoder: JSONEncoder) throws -> WebSocketMessage
}

extension WebSocketRequest {
    /// `GET`: a WebSocket's handshake is one.
    public var method: HTTPRequest.Method { .get }
    /// Text frames.
    public var messageFormat: WebSocketMessage.Format { .text }
    /// None.
    public var subprotocols: [String] { [] }
}

extension WebSocketRequest where Outgoing: Encodable {
    /// A `String` as it is, in a text frame (its UTF-8 in a binary one, as ``messageFormat``
    /// says); `Data` as it is, in a binary frame; any other value as JSON, in a text frame (or a
    /// binary one).
    ///
    /// - Parameters:
    ///   - message: The value.
    ///   - encoder: The client's encoder.
    /// - Returns: The message.
    /// - Throws: What `encoder` throws.
    public func encode(_ message: Outgoing, encoder: JSONEncoder) throws -> WebSocketMessage {
        if let text = message as? String {
            return messageFormat == .text ? .text(text) : .binary(Data(text.utf8))
        }
        if let data = message as? Data { return .binary(data) }
        let data = try encoder.encode(message)
        switch messageFormat {
        case .text: return .text(String(decoding: data, as: UTF8.self))
        case .binary: return .binary(data)
        }
    }
}
