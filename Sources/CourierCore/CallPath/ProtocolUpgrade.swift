import HTTPTypes

/// A call that asks the server to switch protocols (RFC 9110, section 7.8) and keeps the
/// connection once it has: a WebSocket's handshake (`CourierWebSockets`), at package level.
///
/// The handshake is a call like any other — the interceptors, the cookie jar, redirects, the
/// deadline and the errors are the call path's — but its last step is not the transport's
/// ``Transport/send(_:body:context:)``: ``TransportStep`` hands the request to ``exchange(_:over:context:)``,
/// which opens a connection of its own over the transport (a switched connection is never
/// returned to a pool). On `101 Switching Protocols` the response's body is the connection's
/// inbound bytes, as they arrive, and the outbound side is the upgrade's to keep; on any other
/// status the response and its body are an ordinary call's, so that an interceptor sees a `401`
/// and may refresh and send the handshake again.
package protocol ProtocolUpgrade: AnyObject, Sendable {
    /// Sends the handshake `request` over `transport`, within `context`'s deadline.
    ///
    /// - Returns: The response, and its body: for `101`, the switched connection's inbound bytes.
    /// - Throws: The transport's error; ``APIError/Kind/invalidRequest`` for a transport that
    ///   cannot switch protocols.
    func exchange(
        _ request: HTTPRequest, over transport: any Transport, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody)
}
