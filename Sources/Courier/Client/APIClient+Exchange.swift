package import Foundation
package import HTTPTypes

extension APIClient {
    /// Sends a request built elsewhere — by a generated OpenAPI client — through this client's
    /// whole pipeline: its headers and `User-Agent`, interceptors, redirects, deadline, body limit
    /// and redaction. The status is not validated: every response is returned.
    ///
    /// - Parameters:
    ///   - request: The request; its path, with any query already percent-encoded, is relative to
    ///     `baseURL`, and its scheme and authority are ignored.
    ///   - body: The request body, if any.
    ///   - baseURL: The URL the path is relative to.
    ///   - name: The name errors and logs give the call (an operation's identifier).
    ///   - streamsResponse: Whether the response body is handed on as it streams, under the call's
    ///     deadline (reading it past the deadline fails with ``APIError/Kind/timeout``), rather
    ///     than read whole under ``Configuration/maximumBodySize``.
    /// - Returns: The response head and its body.
    /// - Throws: ``APIError``.
    package func exchange(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        baseURL: URL,
        name: String,
        streamsResponse: Bool
    ) async throws(APIError) -> (HTTPResponse, ResponseBody) {
        let redaction = configuration.redaction
        do {
            let call = try prepare(request, body: body, baseURL: baseURL, name: name, buffersBody: !streamsResponse)
            let sent = call.built.request
            let (response, responseBody) = try await call.pipeline.send(sent, body: call.built.body)
            guard streamsResponse else { return (response, responseBody) }
            let chunks = DeadlineBoundChunks(
                body: responseBody, pipeline: call.pipeline, request: sent, response: response, name: name)
            var bounded = ResponseBody(chunks, expectedLength: responseBody.expectedLength)
            bounded.redirects = responseBody.redirects
            return (response, bounded)
        } catch {
            throw error.finished(named: name, redaction: redaction)
        }
    }

    /// Builds and checks a request built elsewhere, and prepares its pipeline.
    private func prepare(
        _ request: HTTPRequest, body: OutgoingBody?, baseURL: URL, name: String, buffersBody: Bool
    ) throws(APIError) -> Call {
        let resolved = resolved  // fields are read one by one: `configuration` would copy it all each time
        let base = try resolved.configuration.origins.origin(of: baseURL)
        var built = request
        built.scheme = base.scheme
        built.authority = base.authority
        built.path = try Self.join(base.path, request.path ?? "/")
        built.headerFields = try resolved.builder.headerFields(request.headerFields)
        let timeout = resolved.configuration.timeout
        let deadline = ContinuousClock.now.advanced(by: timeout)
        let context = InterceptorContext(
            deadline: deadline, requestName: name, baseURL: baseURL, logger: resolved.configuration.logger,
            redaction: resolved.configuration.redaction)
        let pipeline = Pipeline(resolved: resolved, context: context, timeout: timeout, buffersBody: buffersBody)
        return Call(
            built: RequestBuilder.Built(request: built, body: body, baseURL: baseURL), timeout: timeout,
            deadline: deadline, pipeline: pipeline)
    }

    /// Joins an already encoded path and query to the base URL's path, refusing a path that could
    /// leave it (another host, a `.` or `..` segment).
    static func join(_ basePath: String, _ target: String) throws(APIError) -> String {
        let mark = target.firstIndex(of: "?") ?? target.endIndex
        let path = target[..<mark]
        guard !path.contains("#") else {
            throw APIError(.invalidRequest, "The path '\(path)' has a fragment, which is never sent.")
        }
        guard !path.hasPrefix("//"), !path.hasPrefix("\\") else {
            throw APIError(
                .invalidRequest, "The path '\(path)' names another host; paths are relative to the base URL.")
        }
        guard !RequestBuilder.hasDotSegment(String(path)) else {
            throw APIError(
                .invalidRequest,
                "The path '\(path)' has a '.' or '..' segment, which could leave the base URL's path.")
        }
        let prefix = basePath.hasSuffix("/") ? basePath.dropLast() : Substring(basePath)
        let relative = path.hasPrefix("/") ? path : "/" + path
        return String(prefix + relative + target[mark...])
    }
}
