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
        let redaction = configuration.redaction
        return JSONLinesStream(
            connect: { lineConnection(request, maximumLineLength: maximumLineLength, idleTimeout: idleTimeout) },
            finish: { $0.finished(for: Request.self, redaction: redaction) }
        )
    }

    private func lineConnection<Request: APIRequest>(
        _ request: Request, maximumLineLength: Int, idleTimeout: Duration?
    ) -> StreamConnection<[Request.Response]> {
        StreamConnection { connection in
            let call = try prepare(request, buffersBody: false)
            let sent = call.built.request
            var head: HTTPResponse?
            do {
                connection.arm(.connect(call.timeout), until: call.deadline)
                let (response, body) = try await call.pipeline.send(sent, body: call.built.body)
                head = response
                let idle = StreamExpiry.idle(idleTimeout ?? call.timeout)
                connection.arm(idle)
                try await StreamHead.check(response, body: body, of: request, sent: sent, limit: 64 * 1024)
                let decoder = request.decoder.resolvedDecoder ?? configuration.decoder
                var splitter = JSONLineSplitter(maximumLineLength: maximumLineLength)
                var chunks = body.makeAsyncIterator()
                while let chunk = try await chunks.next() {
                    connection.disarm()
                    let lines = try splitter.lines(in: chunk)
                    if !lines.isEmpty {
                        var values: [Request.Response] = []
                        values.reserveCapacity(lines.count)
                        do {
                            for line in lines {
                                values.append(
                                    try Self.decode(line, of: request, response: response, decoder: decoder, sent: sent)
                                )
                            }
                        } catch {
                            // The lines before the malformed one are delivered first.
                            if !values.isEmpty { _ = await connection.handoff.send(values) }
                            throw error
                        }
                        guard await connection.handoff.send(values) else { return }
                    }
                    connection.arm(idle)
                }
                connection.disarm()
                if let last = try splitter.finish() {
                    _ = await connection.handoff.send([
                        try Self.decode(last, of: request, response: response, decoder: decoder, sent: sent)
                    ])
                }
            } catch {
                throw connection.timeoutError(request: sent, response: head)
                    ?? Pipeline.map(error, request: sent, response: head, limit: configuration.maximumBodySize)
            }
        }
    }

    private static func decode<Request: APIRequest>(
        _ line: JSONLineSplitter.Line,
        of request: Request,
        response: HTTPResponse,
        decoder: JSONDecoder,
        sent: HTTPRequest
    ) throws(APIError) -> Request.Response {
        do {
            return try request.decode(line.bytes, from: response, decoder: decoder)
        } catch {
            throw APIError(
                .decoding, "Line \(line.number) could not be decoded as \(Request.Response.self).", request: sent,
                response: response, body: line.bytes, underlying: error,
                codingPath: (error as? DecodingError)?.codingPathStrings ?? [])
        }
    }
}
