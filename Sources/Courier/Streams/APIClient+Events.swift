import Foundation
import HTTPTypes

extension APIClient {
    /// The Server-Sent Events of an endpoint, with each event's data decoded as the request's
    /// `Response` type, reconnecting when the connection drops.
    ///
    /// ```swift
    /// struct CompletionRequest: APIRequest {
    ///     typealias Response = Token  // each event's data is one JSON token
    ///     var method: HTTPRequest.Method { .get }
    ///     var path: String { "/completions" }
    /// }
    ///
    /// for try await event in client.events(CompletionRequest()) {
    ///     print(event.id ?? "-", event.data.text)
    /// }
    /// ```
    ///
    /// `Response` may be any `Decodable` (each event's data is decoded as JSON), or `String` or
    /// `Data` for the data as it arrived. An event whose data cannot be decoded ends the stream
    /// with ``APIError/Kind/decoding``.
    ///
    /// Time limits: the request's timeout (or ``Configuration/timeout``) covers connecting and
    /// waiting for the response head, on each connection; after that there is no total limit — a
    /// stream may last hours — but the body may stay silent (no event, no comment) for at most
    /// `idleTimeout`. A stream cut off that way reconnects like a dropped one.
    ///
    /// Reconnections follow `reconnection`, send `Last-Event-ID`, wait the server's `retry` time,
    /// and pass through the interceptors like any call, so an expired token is refreshed. The
    /// request is sent with `Accept: text/event-stream` unless it names another `Accept`.
    ///
    /// Nothing is sent until the iteration asks for the first event. Cancelling the iterating
    /// task, or leaving the loop, closes the connection.
    ///
    /// - Parameters:
    ///   - request: The request that opens the stream.
    ///   - lastEventID: The event ID to resume after, sent as `Last-Event-ID` on the first
    ///     connection; later connections send the last ID received.
    ///   - reconnection: When to reconnect after the connection drops.
    ///   - idleTimeout: The longest the body may stay silent; `nil` for the request's timeout.
    /// - Returns: The events, as an `AsyncSequence` whose errors are ``APIError``s. Each event
    ///   is buffered whole, up to ``Configuration/maximumBodySize``.
    public func events<Request: APIRequest>(
        _ request: Request,
        lastEventID: String? = nil,
        reconnection: ReconnectionPolicy = .standard,
        idleTimeout: Duration? = nil
    ) -> ServerSentEventStream<Request.Response> {
        let redaction = configuration.redaction
        return ServerSentEventStream(
            lastEventID: lastEventID,
            reconnection: reconnection,
            maximumEventSize: configuration.maximumBodySize,
            connect: { session in eventConnection(request, session: session, idleTimeout: idleTimeout) },
            finish: { $0.finished(for: Request.self, redaction: redaction) }
        )
    }

    /// One connection of an event stream: connects, checks the head, and hands over the events of
    /// each chunk as they are parsed.
    private func eventConnection<Request: APIRequest>(
        _ request: Request, session: EventSession, idleTimeout: Duration?
    ) -> StreamConnection<[ServerSentEvent<Request.Response>]> {
        StreamConnection { connection in
            let call = try prepare(request, buffersBody: false)
            var sent = call.built.request
            if sent.headerFields[.accept] == nil { sent.headerFields[.accept] = "text/event-stream" }
            if sent.headerFields[.cacheControl] == nil { sent.headerFields[.cacheControl] = "no-store" }
            let lastEventID = session.lastEventID
            if !lastEventID.isEmpty { sent.headerFields[.lastEventID] = lastEventID }
            var head: HTTPResponse?
            do {
                connection.arm(.connect(call.timeout), until: call.deadline)
                let (response, body) = try await call.pipeline.send(sent, body: call.built.body)
                head = response
                let idle = StreamExpiry.idle(idleTimeout ?? call.timeout)
                connection.arm(idle)
                try await StreamHead.check(response, body: body, of: request, sent: sent, limit: 64 * 1024)
                if response.status.code == 204 { return session.markDone() }
                try StreamHead.requireContentType("text/event-stream", of: response, sent: sent)
                session.restart()
                let decoder = request.decoder.resolvedDecoder ?? configuration.decoder
                var chunks = body.makeAsyncIterator()
                while let chunk = try await chunks.next() {
                    connection.disarm()
                    let events = try session.parse(chunk)
                    if !events.isEmpty {
                        var decoded: [ServerSentEvent<Request.Response>] = []
                        decoded.reserveCapacity(events.count)
                        do {
                            for event in events {
                                decoded.append(
                                    try Self.decode(
                                        event, of: request, response: response, decoder: decoder, sent: sent))
                            }
                        } catch {
                            // The events before the one that failed are delivered first.
                            if !decoded.isEmpty { _ = await connection.handoff.send(decoded) }
                            throw error
                        }
                        guard await connection.handoff.send(decoded) else { return }
                    }
                    connection.arm(idle)
                }
            } catch {
                throw connection.timeoutError(request: sent, response: head)
                    ?? Pipeline.map(error, request: sent, response: head, limit: configuration.maximumBodySize)
            }
        }
    }

    /// An event with its data decoded as the request's `Response`.
    private static func decode<Request: APIRequest>(
        _ event: ServerSentEvent<String>,
        of request: Request,
        response: HTTPResponse,
        decoder: JSONDecoder,
        sent: HTTPRequest
    ) throws(APIError) -> ServerSentEvent<Request.Response> {
        let data = Data(event.data.utf8)
        do {
            let value = try request.decode(data, from: response, decoder: decoder)
            return ServerSentEvent(id: event.id, event: event.event, data: value, retry: event.retry)
        } catch {
            let name = event.id.map { "Event \($0)" } ?? "An event"
            throw APIError(
                .decoding, "\(name)'s data could not be decoded as \(Request.Response.self).", request: sent,
                response: response, body: data, underlying: error,
                codingPath: (error as? DecodingError)?.codingPathStrings ?? [])
        }
    }
}

extension HTTPField.Name {
    /// `Last-Event-ID`, sent when an event stream reconnects.
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
