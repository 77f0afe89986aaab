public import CourierCore
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
        let clock = resolved.clock
        return ServerSentEventStream(
            lastEventID: lastEventID,
            reconnection: reconnection,
            maximumEventSize: resolved.configuration.maximumBodySize,
            connect: { session in
                CallRelay { send throws(APIError) in
                    try await readEvents(request, session: session, idleTimeout: idleTimeout, send)
                }
            },
            wait: { try await clock.sleep(for: $0) },
            finish: { finished($0, name: Memo.name(of: Request.self)) }
        )
    }

    /// One connection of an event stream: connects, checks the head, and hands over the events of
    /// each chunk as they are parsed.
    private func readEvents<Request: APIRequest>(
        _ request: Request, session: EventSession, idleTimeout: Duration?,
        _ send: @escaping @Sendable ([ServerSentEvent<Request.Response>]) async -> Bool
    ) async throws(APIError) {
        let timeout = request.timeout.resolvedTimeout ?? resolved.configuration.timeout
        let decoder = request.decoder.resolvedDecoder ?? resolved.configuration.decoder
        let lastEventID = session.lastEventID
        let sendsEventStream: (inout PreparedCall) -> Void = { call in
            let fields = call.request.headerFields
            if fields[.accept] == nil { call.request.headerFields.set("text/event-stream", for: .accept) }
            if fields[.cacheControl] == nil { call.request.headerFields.set("no-store", for: .cacheControl) }
            if !lastEventID.isEmpty { call.request.headerFields.set(lastEventID, for: .lastEventID) }
        }
        _ = try await run(request, mode: .stream, limit: .connect(timeout), adjust: sendsEventStream) { outcome in
            let idle = DeadlineScope.Limit.idle(idleTimeout ?? timeout)
            outcome.scope.rearm(idle)
            if outcome.head.status == .noContent { return session.markDone() }
            try Self.requireEventStream(outcome)
            session.restart()
            _ = try await outcome.readFrames(
                idle: idle, frames: { chunk throws(APIError) in try session.parse(chunk) },
                decode: { event throws(APIError) in
                    try Self.decode(event, of: request, outcome: outcome, decoder: decoder)
                },
                send: send)
        }
    }

    /// Fails with ``APIError/Kind/decoding`` when the response is not `text/event-stream`; a
    /// response without `Content-Type` is accepted.
    private static func requireEventStream(_ outcome: CallOutcome) throws(APIError) {
        guard let contentType = outcome.head.headerFields[.contentType] else { return }
        let mediaType = ContentType.mediaType(of: contentType)
        guard mediaType == "text/event-stream" else {
            throw APIError(
                .decoding, "The response is \(contentType), not text/event-stream.", request: outcome.request,
                response: outcome.head)
        }
    }

    /// An event with its data decoded as the request's `Response`.
    private static func decode<Request: APIRequest>(
        _ event: ServerSentEvent<String>,
        of request: Request,
        outcome: CallOutcome,
        decoder: JSONDecoder
    ) throws(APIError) -> ServerSentEvent<Request.Response> {
        let data = event.data.utf8Data
        do {
            let value = try request.decode(data, from: outcome.head, decoder: decoder)
            return ServerSentEvent(id: event.id, event: event.event, data: value, retry: event.retry)
        } catch {
            let name = event.id.map { "Event \($0)" } ?? "An event"
            throw APIError(
                .decoding, "\(name)'s data could not be decoded as \(Request.Response.self).",
                request: outcome.request, response: outcome.head, body: data, underlying: error,
                codingPath: (error as? DecodingError)?.codingPathStrings ?? [])
        }
    }
}

extension HTTPField.Name {
    /// `Last-Event-ID`, sent when an event stream reconnects.
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
