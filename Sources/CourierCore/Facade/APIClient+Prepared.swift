package import Foundation
package import HTTPTypes

extension APIClient {
    /// Sends a request built elsewhere — by a generated OpenAPI client, or an outbox's stored
    /// entry — through this client's
    /// one call path: its headers and `User-Agent`, interceptors, cookies, redirects, deadline,
    /// body limit, observation and redaction. The status is not validated: every response is
    /// returned.
    ///
    /// - Parameters:
    ///   - request: The request; its path, with any query already percent-encoded, is relative to
    ///     `baseURL`, and its scheme and authority are ignored.
    ///   - body: The request body, if any.
    ///   - baseURL: The URL the path is relative to.
    ///   - name: The name errors, logs and metrics give the call (an operation's identifier).
    ///   - streamsResponse: Whether the response body is handed on as it streams, still under the
    ///     call's deadline (reading it past the deadline fails with ``APIError/Kind/timeout``),
    ///     rather than read whole under ``Configuration/maximumBodySize``.
    ///   - timeout: The call's time limit; `nil` for the client's ``Configuration/timeout``.
    /// - Returns: The response head and its body.
    /// - Throws: ``APIError``.
    package func send(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        baseURL: URL,
        name: String,
        streamsResponse: Bool,
        timeout: Duration? = nil
    ) async throws(APIError) -> (HTTPResponse, ResponseBody) {
        let builder = resolved.builder
        let prepare: @Sendable () throws(APIError) -> PreparedCall = {
            try builder.prepare(request, body: body, baseURL: baseURL, name: name, timeout: timeout)
        }
        guard streamsResponse else {
            return try await run(named: name, preparing: prepare) { outcome in (outcome.head, outcome.body) }
        }
        // The body is read after this returns, by the generated client, and still under the call's
        // time: the call goes on in a task of its own that hands over the head, then each chunk.
        let relay = CallRelay<StreamedPart> { send throws(APIError) in
            _ = try await run(named: name, preparing: prepare, mode: .stream) { outcome in
                guard await send(.head(outcome.head, expectedLength: outcome.body.expectedLength)) else { return }
                var chunks = outcome.body.makeAsyncIterator()
                while let chunk = try await outcome.reading({ try await chunks.next() }) {
                    guard await send(.chunk(chunk)) else { return }
                }
            }
        }
        // The call hands over its head before anything else, or fails; it ends without one only
        // when its consumer (this caller) has gone.
        guard case .head(let head, let expectedLength) = try await relay.next() else {
            throw finished(APIError(.cancelled, "The call was cancelled."), name: name)
        }
        return (head, ResponseBody(RelayedChunks(relay: relay), expectedLength: expectedLength))
    }
}

/// What the call of a streamed response hands over: the head, then the body's chunks.
private enum StreamedPart: Sendable {
    case head(HTTPResponse, expectedLength: Int?)
    case chunk(Data)
}

/// A streamed response's chunks, as its call hands them over.
private struct RelayedChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let relay: CallRelay<StreamedPart>

    func makeAsyncIterator() -> Iterator {
        Iterator(relay: relay)
    }

    struct Iterator: AsyncIteratorProtocol {
        let relay: CallRelay<StreamedPart>

        mutating func next() async throws -> Data? {
            guard case .chunk(let chunk) = try await relay.next() else { return nil }
            return chunk
        }
    }
}
