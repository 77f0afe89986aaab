public import CourierCore
public import Foundation
public import HTTPTypes

/// A transport that records every request it carries, for assertions, and passes it on.
///
/// ```swift
/// let recorder = RecordingTransport(.sequence([.json("{}")]))
/// let client = APIClient(baseURL: url, transport: recorder, interceptors: [AuthorizationInterceptor.bearer { "t" }])
/// _ = try await client.send(CreateTodo(title: "Milk"))
///
/// let sent = try #require(recorder.last)
/// #expect(sent.headerFields[.authorization] == "Bearer t")
/// #expect(try sent.decodedBody(as: NewTodo.self).title == "Milk")
/// ```
public final class RecordingTransport: Transport {
    /// One request as it reached the transport: after every interceptor and redirect.
    public struct Record: Sendable {
        /// The request.
        public let request: HTTPRequest
        /// Its body, if any.
        public let body: Data?

        /// The method.
        public var method: HTTPRequest.Method { request.method }

        /// The header fields.
        public var headerFields: HTTPFields { request.headerFields }

        /// The path, without the query.
        public var path: String {
            String((request.path ?? "").prefix { $0 != "?" })
        }

        /// The query parameters, percent-decoded, in order.
        public var query: [QueryParameters.Item] {
            guard let target = request.path, let mark = target.firstIndex(of: "?") else { return [] }
            return target[target.index(after: mark)...].split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in String(text).removingPercentEncoding ?? String(text) }
                return QueryParameters.Item(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : "")
            }
        }

        /// The first value of the query parameter `name`.
        ///
        /// - Parameter name: The parameter.
        /// - Returns: Its value, or `nil`.
        public func query(_ name: String) -> String? {
            query.first { $0.name == name }?.value
        }

        /// The body decoded as JSON.
        ///
        /// - Parameters:
        ///   - type: The type to decode.
        ///   - decoder: The decoder.
        /// - Returns: The decoded body.
        /// - Throws: `DecodingError`, or ``NoBody`` when there is no body.
        public func decodedBody<Value: Decodable>(
            as type: Value.Type,
            using decoder: JSONDecoder = JSONDecoder()
        ) throws -> Value {
            guard let body else { throw NoBody() }
            return try decoder.decode(type, from: body)
        }

        /// The request had no body.
        public struct NoBody: Error {}
    }

    private let base: any Transport
    private let store = Locked<[Record]>([])

    /// Records what goes through `base`.
    ///
    /// - Parameter base: The transport that answers: a stub, or a real transport.
    public init(_ base: any Transport) {
        self.base = base
    }

    /// Every request so far, in order.
    public var records: [Record] { store.withLock { $0 } }

    /// The latest request.
    public var last: Record? { store.withLock { $0.last } }

    /// Forgets the requests so far.
    public func reset() {
        store.withLock { $0.removeAll() }
    }

    /// Records the request and passes it to the base transport.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request body; a file body is recorded with the file's bytes, a streamed one
    ///     (`OutgoingBody.isStreamed`) as `nil`.
    ///   - context: The exchange's context, passed on as it is.
    /// - Returns: The base transport's response.
    /// - Throws: The base transport's error, or the file's read error.
    public func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        // A streamed body can be read only once: by the base transport, not by the record.
        let data = body?.isStreamed == true ? nil : try body?.collect()
        store.withLock { $0.append(Record(request: request, body: data)) }
        return try await base.send(request, body: body, context: context)
    }
}

extension Transport where Self == StubTransport {
    /// A ``StubTransport`` answering `steps` in order; see
    /// ``StubTransport/sequence(_:latency:fileID:filePath:line:)``.
    ///
    /// - Parameters:
    ///   - steps: The answers, in order.
    ///   - latency: How long each answer takes.
    ///   - fileID: Where the stub was made, for the failure message.
    ///   - filePath: Where the stub was made, for the failure message.
    ///   - line: Where the stub was made, for the failure message.
    /// - Returns: The stub.
    public static func sequence(
        _ steps: [StubTransport.Step],
        latency: Duration = .zero,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line
    ) -> StubTransport {
        StubTransport.sequence(steps, latency: latency, fileID: fileID, filePath: filePath, line: line)
    }
}
