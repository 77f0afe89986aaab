import CourierCore
import Foundation
import HTTPTypes

extension CassetteTransport {
    /// A streamed body being recorded: what has arrived so far.
    struct StreamRecording: Sendable {
        var entry: HAR.Entry
        var head: HTTPResponse
        var data = Data()
        var chunks: [HAR.Chunk] = []
    }

    /// Sends the request upstream and writes the exchange down, without its secrets: at once for
    /// a body read whole or a failure, chunk by chunk for a stream.
    func record(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext, secrets: CassetteSecrets
    ) async throws -> (HTTPResponse, ResponseBody) {
        let started = Date()
        let start = context.now
        let (sent, sentData) = try Self.capturing(body)
        let contentType = request.headerFields[.contentType]
        // The secret values the request holds, for hiding them wherever else they appear.
        let requestValues = { @Sendable () -> [CassetteSecrets.Value] in
            secrets.values(in: request) + (sentData().map { secrets.values(inBody: $0, mimeType: contentType) } ?? [])
        }
        let entry = { @Sendable (response: HAR.Response, wait: Double, receive: Double) -> HAR.Entry in
            let timings = HAR.Timings.measured(wait: wait, receive: receive)
            return HAR.Entry(
                startedDateTime: Self.timestamp(started), time: timings.total,
                request: HAR.Request(
                    secrets.request(request), body: sentData().map { secrets.body($0, mimeType: contentType).0 },
                    httpVersion: response.httpVersion),
                response: response, cache: HAR.Cache(), timings: timings, comment: nil)
        }
        let head: HTTPResponse
        let responseBody: ResponseBody
        do {
            (head, responseBody) = try await upstream.send(request, body: sent, context: context)
        } catch {
            if let failure = HAR.Failure(
                error, request: request, response: nil, deadlinePassed: context.deadlineHasPassed, secrets: secrets)
            {
                append(
                    entry(HAR.Response(failure: failure), Self.milliseconds(since: start, context), 0),
                    learning: requestValues()
                )
            }
            throw error
        }
        let wait = Self.milliseconds(since: start, context)
        // The exchange's HTTP version, where the transport says it; "" (unknown) otherwise.
        let httpVersion = responseBody.httpVersion ?? ""
        let redactedHead = HTTPResponse(status: head.status, headerFields: secrets.fields(head.headerFields))
        let headValues = requestValues() + secrets.values(in: head.headerFields)
        if context.readsWholeBody {
            do {
                let data = try await responseBody.collect(upTo: context.bodyLimit)
                let (redacted, _) = secrets.body(data, mimeType: head.headerFields[.contentType])
                let response = HAR.Response(
                    redactedHead, body: redacted, chunks: nil, httpVersion: httpVersion, failure: nil)
                append(
                    entry(response, wait, Self.milliseconds(since: start, context) - wait),
                    learning: headValues + secrets.values(inBody: data, mimeType: head.headerFields[.contentType]))
                return (head, ResponseBody(data))
            } catch {
                let failure = HAR.Failure(
                    error, request: request, response: head, deadlinePassed: context.deadlineHasPassed, secrets: secrets
                )
                if let failure {
                    let response = HAR.Response(
                        redactedHead, body: Data(), chunks: nil, httpVersion: httpVersion, failure: failure)
                    append(entry(response, wait, Self.milliseconds(since: start, context) - wait), learning: headValues)
                }
                return (head, ResponseBody(failure: error))
            }
        }
        let response = HAR.Response(redactedHead, body: Data(), chunks: [], httpVersion: httpVersion, failure: nil)
        let index = append(entry(response, wait, 0), learning: headValues)
        state.withLock { $0.streams[index] = StreamRecording(entry: entry(response, wait, 0), head: head) }
        let clock = context.clock
        let tee = RecordedChunks(body: responseBody, elapsed: RecordedChunks.stopwatch(clock)) {
            [weak self] event in
            self?.streamed(event, into: index, secrets: secrets, request: request, context: context)
        }
        return (head, ResponseBody(tee, expectedLength: responseBody.expectedLength))
    }

    /// Adds what a stream delivered to its entry, and writes the cassette.
    private func streamed(
        _ event: RecordedChunks.Event, into index: Int, secrets: CassetteSecrets, request: HTTPRequest,
        context: TransportContext
    ) {
        state.withLock { state in
            guard var stream = state.streams[index] else { return }
            var failure: HAR.Failure?
            switch event {
            case .chunk(let data, let time):
                stream.data.append(data)
                stream.chunks.append(HAR.Chunk(time: time, size: data.count))
            case .end:
                state.streams[index] = nil
            case .failure(let error):
                state.streams[index] = nil
                failure = HAR.Failure(
                    error, request: request, response: stream.head, deadlinePassed: context.deadlineHasPassed,
                    secrets: secrets)
            }
            if case .chunk = event { state.streams[index] = stream }
            let (body, sizes) = secrets.body(
                stream.data, mimeType: stream.head.headerFields[.contentType], chunks: stream.chunks.map(\.size))
            let chunks = zip(stream.chunks, sizes ?? []).map { HAR.Chunk(time: $0.time, size: $1) }
            var entry = stream.entry
            entry.response = HAR.Response(
                HTTPResponse(status: stream.head.status, headerFields: secrets.fields(stream.head.headerFields)),
                body: body, chunks: chunks, httpVersion: stream.entry.response.httpVersion, failure: failure)
            entry.timings.receive = stream.chunks.last?.time ?? 0
            entry.time = entry.timings.total
            state.learn(secrets.values(in: stream.head.headerFields))
            state.learn(secrets.values(inBody: stream.data, mimeType: stream.head.headerFields[.contentType]))
            state.written.log.entries[index] = entry.scrubbing(state.values)
            state.changed = true
            try? Self.write(state.written, to: file)
        }
    }

    /// Learns the secret values of an exchange, appends its entry without them, and writes the
    /// cassette; returns the entry's index.
    @discardableResult
    func append(_ entry: HAR.Entry, learning values: [CassetteSecrets.Value]) -> Int {
        state.withLock { state in
            state.learn(values)
            state.written.log.entries.append(entry.scrubbing(state.values))
            state.changed = true
            try? Self.write(state.written, to: file)
            return state.written.log.entries.count - 1
        }
    }

    /// The body to send, and how to read what was sent: a streamed body is read as it goes.
    private static func capturing(_ body: OutgoingBody?) throws -> (OutgoingBody?, @Sendable () -> Data?) {
        guard let body else { return (nil, { nil }) }
        guard body.isStreamed else {
            let data = try body.collect()
            return (body, { data })
        }
        let captured = Locked(Data())
        let tee = OutgoingBody(length: body.length >= 0 ? body.length : nil) {
            captured.withLock { $0 = Data() }
            let chunks = ChunkReader(body.chunks())
            return {
                guard let chunk = try await chunks.next() else { return nil }
                captured.withLock { $0.append(chunk) }
                return chunk
            }
        }
        return (tee, { captured.withLock { $0 } })
    }

    /// The milliseconds since `start` on the call's clock (``TransportContext/now``).
    private static func milliseconds(since start: Duration, _ context: TransportContext) -> Double {
        let elapsed = (context.now - start).components
        return ((Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15) * 1000).rounded() / 1000
    }

    /// ISO 8601 with milliseconds, as HAR wants.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

/// Reads a request body's chunks for the one send that iterates them.
// @unchecked: the iterator is advanced by one task at a time, the transport sending the body,
// which awaits each chunk before it asks for the next.
private final class ChunkReader: @unchecked Sendable {
    private var iterator: OutgoingBody.Chunks.Iterator

    init(_ chunks: OutgoingBody.Chunks) {
        iterator = chunks.makeAsyncIterator()
    }

    func next() async throws -> Data? {
        try await iterator.next()
    }
}
