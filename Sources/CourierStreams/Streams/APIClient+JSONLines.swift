public import CourierCore
import Foundation
import HTTPTypes

extension APIClient {
    /// The values of a JSON Lines (NDJSON) endpoint, one per line, each decoded as the request's
    /// `Response` type as it arrives.
    ///
    /// ```swift
    /// struct ExportRequest: APIRequest {
    ///     typealias Response = LogEntry  // one line
    ///     var method: HTTPRequest.Method { .get }
    ///     var path: String { "/export" }
    /// }
    ///
    /// for try await entry in client.jsonLines(ExportRequest()) { archive(entry) }
    /// ```
    ///
    /// Lines end with `\n` (a `\r` before it is dropped); blank lines are skipped; JSON text
    /// sequences (RFC 7464, each value after a `0x1E`) read the same way. A line that is not a
    /// `Response` fails with ``APIError/Kind/decoding``, whose message names its line number.
    ///
    /// Time limits are those of ``events(_:lastEventID:reconnection:idleTimeout:)``: the request's
    /// timeout covers connecting and the response head; after that the body may stay silent for at
    /// most `idleTimeout`, with no total limit.
    ///
    /// - Parameters:
    ///   - request: The request; its `Response` is the type of one line.
    ///   - maximumLineLength: The most bytes one line may take; a longer line fails with
    ///     ``APIError/Kind/bodyTooLarge``.
    ///   - idleTimeout: The longest the body may stay silent; `nil` for the request's timeout.
    /// - Returns: The decoded lines, as an `AsyncSequence` whose errors are ``APIError``s.
    public func jsonLines<Request: APIRequest>(
        _ request: Request,
        maximumLineLength: Int = 1 << 20,
        idleTimeout: Duration? = nil
    ) -> JSONLinesStream<Request.Response> {
        JSONLinesStream(connect: {
            CallRelay { send throws(APIError) in
                try await readLines(request, maximumLineLength: maximumLineLength, idleTimeout: idleTimeout, send)
            }
        })
    }

    /// One call of a JSON Lines stream: the lines decoded and handed on, batch by batch.
    private func readLines<Request: APIRequest>(
        _ request: Request, maximumLineLength: Int, idleTimeout: Duration?,
        _ send: @escaping @Sendable ([Request.Response]) async -> Bool
    ) async throws(APIError) {
        let timeout = request.timeout.resolvedTimeout ?? resolved.configuration.timeout
        let decoder = request.decoder.resolvedDecoder ?? resolved.configuration.decoder
        _ = try await run(request, mode: .stream, limit: .connect(timeout)) { outcome in
            var splitter = JSONLineSplitter(maximumLineLength: maximumLineLength)
            let ended = try await outcome.readFrames(
                idle: .idle(idleTimeout ?? timeout), frames: { splitter.lines(in: $0) },
                decode: { line throws(APIError) in
                    try Self.decode(line, of: request, outcome: outcome, decoder: decoder)
                },
                // A line past the limit: the lines before it, in the same chunk too, went first.
                check: { () throws(APIError) in if let failure = splitter.failure { throw failure } },
                send: send)
            guard ended else { return }
            outcome.scope.pause()
            if let last = try splitter.finish() {
                _ = await send([try Self.decode(last, of: request, outcome: outcome, decoder: decoder)])
            }
        }
    }

    private static func decode<Request: APIRequest>(
        _ line: JSONLineSplitter.Line,
        of request: Request,
        outcome: CallOutcome,
        decoder: JSONDecoder
    ) throws(APIError) -> Request.Response {
        do {
            return try request.decode(line.bytes, from: outcome.head, decoder: decoder)
        } catch {
            throw APIError(
                .decoding, "Line \(line.number) could not be decoded as \(Request.Response.self).",
                request: outcome.request, response: outcome.head, body: line.bytes, underlying: error,
                codingPath: (error as? DecodingError)?.codingPathStrings ?? [])
        }
    }
}
