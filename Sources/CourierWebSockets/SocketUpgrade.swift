import CourierCore
import Foundation
import HTTPTypes

/// The outbound side of a switched connection, as a transport hands it over: whole frames, in
/// order, and the end of the connection.
protocol SocketWriter: Sendable {
    /// Writes one frame, whole, in order, and waits while the connection has more than it takes
    /// (a slow network slows the sender). Does not give up when the calling task is cancelled, so
    /// that a close frame goes out after a cancellation.
    func write(_ frame: Data) async throws
    /// Writes the close frame, and ends the connection if it has not been written within
    /// `timeout` (a peer that reads nothing more).
    func writeClose(_ frame: Data, within timeout: Duration) async
    /// Closes the connection; its inbound bytes end. Idempotent.
    func end()
}

/// A WebSocket's handshake as the call path's last step sees it (`ProtocolUpgrade`): opens the
/// connection over the client's transport and keeps its outbound side once the server switched.
///
/// At most one connection at a time: a second `101` (an interceptor that sent the handshake again)
/// ends the first connection's.
final class SocketUpgrade: ProtocolUpgrade, Sendable {
    private let writer = Locked<(any SocketWriter)?>(nil)
    /// How long an ended connection waits for the server's side to close (``WebSocketOptions/closeTimeout``).
    let closeTimeout: Duration

    init(closeTimeout: Duration) {
        self.closeTimeout = closeTimeout
    }

    /// The switched connection's writer, once the server has switched.
    var current: (any SocketWriter)? { writer.withLock { $0 } }

    /// Keeps `new` as the connection's writer, ending the one before.
    func switched(to new: any SocketWriter) {
        let old = writer.withLock { writer in
            defer { writer = new }
            return writer
        }
        old?.end()
    }

    /// Wraps the connection's writer (a relay's tap), keeping the connection.
    func wrapWriter(_ wrap: (any SocketWriter) -> any SocketWriter) {
        writer.withLock { writer in writer = writer.map(wrap) }
    }

    /// Ends the connection, if one was opened.
    func end() {
        writer.withLock { $0 }?.end()
    }

    func exchange(
        _ request: HTTPRequest, over transport: any Transport, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        if let serving = transport as? any WebSocketServing {
            return try await InMemorySocket.open(request, serving: serving, context: context, upgrade: self)
        }
        #if CourierNIO
            if let transport = transport as? AsyncHTTPClientTransport {
                return try await NIOSocket.open(request, over: transport, context: context, upgrade: self)
            }
        #endif
        #if canImport(FoundationNetworking)
            if transport is URLSessionTransport {
                throw APIError(
                    .invalidRequest,
                    "URLSessionTransport cannot open this WebSocket: FoundationNetworking's URLSessionWebSocketTask "
                        + "needs a libcurl built with WebSocket support, which Linux distributions do not ship (it "
                        + "fails with 'WebSockets not supported by libcurl'). Use AsyncHTTPClientTransport (the "
                        + "AsyncHTTPClient trait). Nothing was sent.",
                    request: request)
            }
        #else
            if let transport = transport as? URLSessionTransport {
                return try await URLSessionSocket.open(request, over: transport, context: context, upgrade: self)
            }
        #endif
        throw APIError(
            .invalidRequest, "\(type(of: transport)) cannot open WebSockets: use AsyncHTTPClientTransport.",
            request: request)
    }
}
