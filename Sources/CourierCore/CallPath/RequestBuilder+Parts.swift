package import Foundation
package import HTTPTypes

/// An ``APIRequest`` as it is built before the client's header fields and interceptors: what an
/// outbox stores to send the call again after a restart, when the Swift request value is gone.
///
/// It holds what the request itself says — never the client's header fields, `User-Agent`, or
/// anything an interceptor adds (credentials are added afresh at each send).
package struct RequestParts: Sendable {
    /// The method.
    package var method: HTTPRequest.Method
    /// The path, checked and percent-encoded, relative to the base URL's own path.
    package var path: String
    /// The query, percent-encoded, without its `?`; empty for none.
    package var query: String
    /// The request's own header fields, with the body's `Content-Type`.
    package var headerFields: HTTPFields
    /// The body, encoded with the client's encoder; a file body still names its file.
    package var body: OutgoingBody?
    /// The request's own base URL, checked; `nil` to use the client's.
    package var baseURL: URL?
    /// The request's own time limit; `nil` for the client's.
    package var timeout: Duration?
    /// The statuses the request accepts.
    package var acceptableStatusCodes: StatusCodes
    /// The name errors, logs and metrics give the call: the request type's.
    package var name: String

    /// The path with its query, as ``APIClient/send(_:body:baseURL:name:streamsResponse:timeout:)``
    /// takes it.
    package var target: String {
        query.isEmpty ? path : path + "?" + query
    }
}

extension RequestBuilder {
    /// An ``APIRequest``'s parts, checked by the same rules as `prepare(_:)`: a
    /// path that stays under the base URL, no body on `GET` or `HEAD`, a base URL to send to.
    func parts<Request: APIRequest>(_ request: Request) throws(APIError) -> RequestParts {
        let ownBaseURL = request.baseURL.resolvedBaseURL
        guard let baseURL = ownBaseURL ?? self.baseURL else {
            throw APIError(
                .invalidRequest,
                "Neither the request nor the client has a base URL: pass one to APIClient(baseURL:) or "
                    + "give the request a baseURL."
            )
        }
        let base = try origins.origin(of: baseURL)
        let path = try Self.checkedPath(request.path)
        _ = try Self.join(base.path, path)  // refused now rather than at each send
        var parts = RequestParts(
            method: request.method, path: path, query: request.query.percentEncoded,
            headerFields: request.headers.resolvedHeaderFields, body: nil, baseURL: ownBaseURL,
            timeout: request.timeout.resolvedTimeout,
            acceptableStatusCodes: request.acceptableStatusCodes.resolvedStatusCodes,
            name: Memo.name(of: Request.self))
        guard let body = request.body.resolvedBody else { return parts }
        let shown = HTTPRequest(method: parts.method, scheme: base.scheme, authority: base.authority, path: path)
        parts.body = try encode(body, for: shown)
        parts.headerFields[.contentType] = ContentType.resolve(
            declared: parts.headerFields[.contentType], body: body.contentType)
        return parts
    }
}

extension APIClient {
    /// An ``APIRequest`` as this client builds it before its own header fields and interceptors,
    /// checked as a call of it would be: for an outbox to store and send later with
    /// ``send(_:body:baseURL:name:streamsResponse:timeout:)``.
    ///
    /// - Parameter request: The request.
    /// - Returns: Its parts.
    /// - Throws: ``APIError`` (``APIError/Kind/invalidRequest``, ``APIError/Kind/encoding``,
    ///   ``APIError/Kind/storage`` for a file body that cannot be read), named and redacted.
    package func parts<Request: APIRequest>(of request: Request) throws(APIError) -> RequestParts {
        do {
            return try resolved.builder.parts(request)
        } catch {
            throw finished(error, name: Memo.name(of: Request.self))
        }
    }
}
