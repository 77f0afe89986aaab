public import CourierCore
import Foundation
import HTTPTypes

/// What a reconnection's hook gets: the new connection, before the app's own sends go through
/// it, to send what the server needs to resume (a resume token, the subscriptions again).
public struct WebSocketResumption<Request: WebSocketRequest>: Sendable {
    /// The reconnection attempt that succeeded, from 1.
    public let attempt: Int
    let session: SocketSession
    let encoding: MessageEncoding<Request>
    let observation: StreamObservation

    /// Sends a message on the new connection, ahead of any the app sends meanwhile.
    ///
    /// - Parameter message: The message, encoded as the request says.
    /// - Throws: `APIError.Kind.encoding`, or how the connection failed.
    public func send(_ message: Request.Outgoing) async throws(APIError) {
        try await send(try encoding.message(for: message, request: session.request))
    }

    /// Sends a message as it is on the new connection.
    ///
    /// - Parameter message: The message.
    /// - Throws: How the connection failed.
    public func send(_ message: WebSocketMessage) async throws(APIError) {
        try await session.send(FrameEncoder.message(message))
        observation.sent(bytes: message.byteCount)
    }
}

/// An app's value as the message it is sent as (``WebSocketRequest/encode(_:encoder:)``), its
/// failure as `APIError.Kind.encoding`.
struct MessageEncoding<Request: WebSocketRequest>: Sendable {
    let request: Request
    let encoder: JSONEncoder

    func message(for value: Request.Outgoing, request httpRequest: HTTPRequest?) throws(APIError)
        -> WebSocketMessage
    {
        do {
            return try request.encode(value, encoder: encoder)
        } catch {
            throw APIError(
                .encoding, "A message could not be encoded as \(Request.Outgoing.self).", request: httpRequest,
                underlying: error)
        }
    }
}
