import HTTPTypes

#if canImport(FoundationNetworking)
    import Foundation
    package import FoundationNetworking
#else
    package import Foundation
#endif

/// For a connection that switches protocols over this transport's session (a WebSocket's, which
/// `CourierWebSockets` opens): the task, on the session whose delegate answers server trust, pins
/// and client certificates as for calls, and its answer as Courier's types hold a response.
extension URLSessionTransport {
    /// A WebSocket task for a handshake request, without the fields URLSession writes itself
    /// (`Upgrade`, `Connection`, the key, version and extensions).
    package func webSocketTask(for request: HTTPRequest) throws -> URLSessionWebSocketTask {
        var urlRequest = try Self.makeURLRequest(request, body: nil)
        for name in [
            "Upgrade", "Connection", "Sec-WebSocket-Key", "Sec-WebSocket-Version", "Sec-WebSocket-Extensions",
            "Accept-Encoding",
        ] {
            urlRequest.setValue(nil, forHTTPHeaderField: name)
        }
        return session.webSocketTask(with: urlRequest)
    }

    /// A task's response, as Courier's types hold it; `nil` before one came.
    package static func response(of task: URLSessionTask) -> HTTPResponse? {
        task.response.flatMap { try? makeResponse($0) }
    }
}
