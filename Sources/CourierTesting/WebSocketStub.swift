public import CourierCore
public import CourierWebSockets
import Foundation
public import HTTPTypes

/// A WebSocket server scripted by the test, in memory.
///
/// The app's code opens its WebSocket as it would over the network: the handshake runs through
/// the client's call path (interceptors, a refresh after a `401`, status hooks), and the
/// connection's frames through Courier's own limits and close handshake. Only the server is the
/// test's:
///
/// ```swift
/// let transport = WebSocketStub { request in
///     guard request.headerFields[.authorization] == "Bearer fresh" else {
///         return .refuse(.unauthorized)
///     }
///     return .accept { peer in
///         while let message = await peer.receive() {
///             try peer.send(message)  // an echo
///         }
///     }
/// }
/// let client = APIClient(baseURL: URL(string: "https://example.test")!, transport: transport)
/// ```
///
/// Other calls go to `http` (a ``StubTransport``, a cassette); without it, they fail as
/// unexpected (``UnexpectedRequest``).
public struct WebSocketStub: WebSocketServing {
    private let http: (any Transport)?
    private let handler: @Sendable (HTTPRequest) async throws -> WebSocketAcceptance
    private let fileID: String
    private let filePath: String
    private let line: Int

    /// Creates a stub that answers each handshake with `handler`.
    ///
    /// - Parameters:
    ///   - http: Where calls other than WebSocket handshakes go.
    ///   - fileID: Where the stub was made, for the failure message.
    ///   - filePath: Where the stub was made, for the failure message.
    ///   - line: Where the stub was made, for the failure message.
    ///   - handler: Accepts a handshake with the server's script, or refuses it.
    public init(
        http: (any Transport)? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ handler: @escaping @Sendable (HTTPRequest) async throws -> WebSocketAcceptance
    ) {
        self.http = http
        self.handler = handler
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
    }

    /// A stub that accepts every handshake and runs `serve` as the server of each connection.
    ///
    /// - Parameters:
    ///   - http: Where calls other than WebSocket handshakes go.
    ///   - fileID: Where the stub was made, for the failure message.
    ///   - filePath: Where the stub was made, for the failure message.
    ///   - line: Where the stub was made, for the failure message.
    ///   - serve: The server's script, once per connection.
    /// - Returns: The stub.
    public static func serving(
        http: (any Transport)? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ serve: @escaping @Sendable (WebSocketPeer) async throws -> Void
    ) -> WebSocketStub {
        WebSocketStub(http: http, fileID: fileID, filePath: filePath, line: line) { _ in .accept(serve) }
    }

    /// Sends a call that is not a handshake to `http`.
    ///
    /// - Throws: ``UnexpectedRequest`` without `http`; else what `http` throws.
    public func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        guard let http else {
            throw UnexpectedRequest.report(
                request, reason: "a WebSocketStub without `http:` answers WebSocket handshakes only",
                fileID: fileID, filePath: filePath, line: line)
        }
        return try await http.send(request, body: body, context: context)
    }

    /// Answers a handshake with the handler.
    ///
    /// - Parameters:
    ///   - request: The handshake.
    ///   - context: The exchange's context.
    /// - Returns: The handler's answer.
    /// - Throws: What the handler throws.
    public func acceptWebSocket(_ request: HTTPRequest, context: TransportContext) async throws -> WebSocketAcceptance {
        try await handler(request)
    }
}
