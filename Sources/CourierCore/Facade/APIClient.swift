public import Foundation
import HTTPTypes

/// Sends typed requests and returns typed responses.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!)
/// let todos = try await client.send(TodosRequest())
/// ```
///
/// Every call goes the same way, whatever the verb and the transport: the request is built and
/// checked (nothing invalid is sent), passes through the interceptors, is sent; redirects are
/// followed by the client with its own rules for credentials; the body is read under one
/// deadline and a size limit; the status is validated; the body is decoded, streamed or written
/// to a file. Every call is observed (report, span, metrics) and any failure is one
/// ``APIError``. The architecture article shows the path.
///
/// A client is a cheap value; make one per API host and share it.
public struct APIClient: Sendable {
    /// How the client behaves.
    public var configuration: Configuration {
        get { resolved.configuration }
        set { resolved = ResolvedConfiguration(newValue) }
    }

    /// The configuration with what calls derive from it worked out once.
    package private(set) var resolved: ResolvedConfiguration

    /// Creates a client from a configuration.
    ///
    /// - Parameter configuration: How the client behaves.
    public init(configuration: Configuration) {
        resolved = ResolvedConfiguration(configuration)
    }

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The URL request paths are relative to; requests may override it.
    ///   - transport: What carries the bytes; defaults to ``defaultTransport``.
    ///   - interceptors: The interceptors every call passes through, in order.
    ///   - configure: Adjusts the rest of the ``Configuration``.
    public init(
        baseURL: URL? = nil,
        transport: any Transport = APIClient.defaultTransport,
        interceptors: [any Interceptor] = [],
        configure: (inout Configuration) -> Void = { _ in }
    ) {
        var configuration = Configuration(baseURL: baseURL, transport: transport, interceptors: interceptors)
        configure(&configuration)
        resolved = ResolvedConfiguration(configuration)
    }

    /// Sends a request and returns its decoded response.
    ///
    /// Cancelling the calling task cancels the call promptly, and the call fails with
    /// ``APIError/Kind/cancelled``.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The decoded response.
    /// - Throws: ``APIError``, for any failure from building the request to decoding the response.
    public func send<Request: APIRequest>(_ request: Request) async throws(APIError) -> Request.Response {
        let decoder = resolved.configuration.decoder
        return try await run(request) { outcome in try Self.decode(request, outcome, decoder: decoder) }
    }

    /// Sends a request and returns its decoded response with the response head and body, for
    /// callers that need a header such as `ETag` or `Link`.
    ///
    /// Everything else is as ``send(_:)``, which returns this call's ``APIResponse/value``. The
    /// response also carries the call's ``APIResponse/report``: the requests sent, redirects
    /// followed, refreshes, bytes and time.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The decoded value, the response head, the body and the call's report.
    /// - Throws: ``APIError``, for any failure from building the request to decoding the response.
    public func response<Request: APIRequest>(
        for request: Request
    ) async throws(APIError) -> APIResponse<Request.Response> {
        let decoder = resolved.configuration.decoder
        var report: CallReport?
        let (value, head, body) = try await run(request, report: &report) { outcome in
            (try Self.decode(request, outcome, decoder: decoder), outcome.head, outcome.body.bufferedData ?? Data())
        }
        return APIResponse(value: value, response: head, body: body, report: report)
    }

    /// Decodes a buffered response as the request's `Response`.
    package static func decode<Request: APIRequest>(
        _ request: Request, _ outcome: CallOutcome, decoder: JSONDecoder
    ) throws(APIError) -> Request.Response {
        let data = outcome.body.bufferedData ?? Data()
        let head = outcome.head
        do {
            return try request.decode(data, from: head, decoder: request.decoder.resolvedDecoder ?? decoder)
        } catch {
            let message =
                data.isEmpty
                ? "The response (\(head.status)) has an empty body, which cannot be decoded as "
                    + "\(Request.Response.self); declare the Response as EmptyResponse if none is expected."
                : "The response could not be decoded as \(Request.Response.self)."
            throw APIError(
                .decoding,
                message,
                request: outcome.request,
                response: head,
                body: data,
                underlying: error,
                codingPath: (error as? DecodingError)?.codingPathStrings ?? []
            )
        }
    }
}
