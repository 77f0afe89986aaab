public import CourierCore
public import Foundation
public import HTTPTypes

/// A transport that answers from a closure instead of the network, for tests.
///
/// The whole client pipeline still runs — request building, interceptors (authorization, retry,
/// refresh, logging), redirects, status validation, decoding — only the wire is replaced.
///
/// ```swift
/// let transport = StubTransport { request, body in
///     #expect(request.path == "/todos")
///     return .json(#"[{"id": 1, "title": "Buy milk"}]"#)
/// }
/// let client = APIClient(baseURL: URL(string: "https://example.test")!, transport: transport)
/// ```
///
/// Throw from the closure to simulate a transport failure, or script a sequence of replies and
/// failures with ``sequence(_:latency:fileID:filePath:line:)``.
public struct StubTransport: Transport {
    /// The response a stub returns.
    public struct Reply: Sendable {
        /// The response head.
        public var response: HTTPResponse
        /// The response body.
        public var body: Data

        /// Creates a reply.
        ///
        /// - Parameters:
        ///   - status: The status.
        ///   - headerFields: The header fields.
        ///   - body: The body.
        public init(status: HTTPResponse.Status = .ok, headerFields: HTTPFields = [:], body: Data = Data()) {
            self.response = HTTPResponse(status: status, headerFields: headerFields)
            self.body = body
        }

        /// A JSON reply.
        ///
        /// - Parameters:
        ///   - json: The JSON text.
        ///   - status: The status.
        /// - Returns: A reply with `Content-Type: application/json`.
        public static func json(_ json: String, status: HTTPResponse.Status = .ok) -> Reply {
            Reply(status: status, headerFields: [.contentType: "application/json"], body: Data(json.utf8))
        }

        /// A JSON reply read from a file in a bundle, such as a test target's `Bundle.module`.
        ///
        /// - Parameters:
        ///   - name: The file's name without its extension.
        ///   - bundle: The bundle holding it.
        ///   - status: The status.
        /// - Returns: A reply with `Content-Type: application/json`.
        /// - Throws: ``StubTransport/Fixture/Missing`` when the bundle has no such file.
        public static func fixture(_ name: String, in bundle: Bundle, status: HTTPResponse.Status = .ok) throws -> Reply
        {
            Reply(
                status: status, headerFields: [.contentType: "application/json"],
                body: try StubTransport.Fixture.data(name, in: bundle))
        }
    }

    private let latency: Duration
    private let handler: @Sendable (HTTPRequest, Data?) async throws -> Reply

    /// Creates a stub that answers every request with `handler`.
    ///
    /// - Parameters:
    ///   - latency: How long each answer takes; cancellation cuts it short.
    ///   - handler: Returns the reply for a request, or throws to fail it.
    public init(
        latency: Duration = .zero,
        _ handler: @escaping @Sendable (HTTPRequest, Data?) async throws -> Reply
    ) {
        self.latency = latency
        self.handler = handler
    }

    /// Answers the request from the handler, after the latency, and ends by the deadline like a
    /// real transport: the latency and a slow handler are cut short when `context.deadline`
    /// passes.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request body; a file or streamed body is read whole, and its progress
    ///     reported as sent at once.
    ///   - context: The deadline.
    /// - Returns: The handler's reply.
    /// - Throws: Whatever the handler throws, or `CancellationError` during the latency or once
    ///   the deadline has passed.
    public func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        let data = try await body?.gathered()
        // On the client's clock (a test's `ManualClock` passes the test's time, not the
        // machine's), and ending by the deadline, as a transport must.
        if latency > .zero { try await context.sleep(for: latency) }
        if let body { body.didSend(body.length) }
        let reply = try await handler(request, data)
        return (reply.response, ResponseBody(reply.body))
    }
}
