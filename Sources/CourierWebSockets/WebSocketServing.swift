public import CourierCore
public import Foundation
public import HTTPTypes

/// A transport that serves WebSockets itself, in memory: a test double such as `CourierTesting`'s
/// `WebSocketStub`.
///
/// The client opens a WebSocket over it as over the network: the handshake goes through the call
/// path (interceptors, a refresh after a refusal with `401`, status hooks), and the connection's
/// bytes go through Courier's own frames, limits and close handshake. Only the server is
/// replaced, by a ``WebSocketPeer`` that a test scripts.
public protocol WebSocketServing: Transport {
    /// Answers a WebSocket's handshake: accept it, with the server's side of the connection, or
    /// refuse it with a status and body.
    ///
    /// - Parameters:
    ///   - request: The handshake as it reached the transport, after the interceptors.
    ///   - context: The exchange's context (the client's redaction and clock, the deadline).
    /// - Returns: Whether, and how, the handshake is answered.
    /// - Throws: To fail the handshake as a transport failure would.
    func acceptWebSocket(_ request: HTTPRequest, context: TransportContext) async throws -> WebSocketAcceptance
}

/// How a ``WebSocketServing`` transport answers a handshake.
public struct WebSocketAcceptance: Sendable {
    enum Answer: Sendable {
        case accept(subprotocol: String?, serve: @Sendable (WebSocketPeer) async throws -> Void)
        case refuse(HTTPResponse, Data)
        case relay(any Transport, any WebSocketTap)
    }

    let answer: Answer

    /// Switches protocols (`101`), and runs `serve` with the server's side of the connection.
    ///
    /// When `serve` returns, the server closes the connection with 1000 unless it closed it; when
    /// it throws, with 1011 (internal error). It is cancelled when the connection ends.
    ///
    /// - Parameters:
    ///   - subprotocol: The subprotocol chosen among those the request offered, if any.
    ///   - serve: The server's script.
    /// - Returns: The answer.
    public static func accept(
        subprotocol: String? = nil, _ serve: @escaping @Sendable (WebSocketPeer) async throws -> Void
    ) -> WebSocketAcceptance {
        WebSocketAcceptance(answer: .accept(subprotocol: subprotocol, serve: serve))
    }

    /// Refuses the handshake: the call fails as a refused call does
    /// (`APIError.Kind.unacceptableStatus`, with `body`), unless an interceptor acts on it (a
    /// refresh after a `401`).
    ///
    /// - Parameters:
    ///   - status: The status.
    ///   - headerFields: The response's fields.
    ///   - body: The response's body.
    /// - Returns: The answer.
    public static func refuse(
        _ status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: Data = Data()
    ) -> WebSocketAcceptance {
        WebSocketAcceptance(answer: .refuse(HTTPResponse(status: status, headerFields: headerFields), body))
    }
}

extension WebSocketAcceptance {
    /// Opens the handshake over `transport` (the network), as the client would, and carries the
    /// connection's bytes through unchanged, telling `tap` what went by: a cassette's recording.
    /// No compression is offered, so that the tap reads the messages as they are.
    package static func relay(over transport: any Transport, tap: any WebSocketTap) -> WebSocketAcceptance {
        WebSocketAcceptance(answer: .relay(transport, tap))
    }
}

/// What a relayed WebSocket (``WebSocketAcceptance/relay(over:tap:)``) carried.
package protocol WebSocketTap: Sendable {
    /// The server's answer to the handshake; `body` is a refusal's body.
    func answered(_ response: HTTPResponse, body: Data)
    /// A message, `sent` by the client or received from the server.
    func message(_ message: WebSocketMessage, sent: Bool)
    /// The connection ended.
    func ended()
}
