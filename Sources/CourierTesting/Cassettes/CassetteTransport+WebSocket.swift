public import CourierCore
public import CourierWebSockets
import Foundation
public import HTTPTypes

extension CassetteTransport: WebSocketServing {
    /// Answers a WebSocket's handshake from the cassette: a recorded refusal as it was, a recorded
    /// `101` by replaying the messages the server sent (`_webSocketMessages`, as Chromium exports
    /// them), in order.
    ///
    /// Each message the client sent in the recording stands for the app's next message: the replay
    /// waits for it before going on. With ``Pacing/asRecorded``, the server's messages come at
    /// their recorded times after the handshake; otherwise at once. Once the recording ends, the
    /// connection stays open until the app closes it.
    ///
    /// A handshake the cassette lacks is recorded, as ``mode`` says: opened over the upstream
    /// transport, its bytes carried through unchanged (no compression offered), and written as
    /// one entry with its messages both ways when the connection ends.
    ///
    /// - Parameters:
    ///   - request: The handshake.
    ///   - context: The exchange's context; the client's redaction and clock come with it.
    /// - Returns: The recorded answer, or the upstream's.
    /// - Throws: `UnexpectedRequest` for a handshake the cassette has no recording of in
    ///   ``Mode/replayOnly``.
    public func acceptWebSocket(_ request: HTTPRequest, context: TransportContext) async throws -> WebSocketAcceptance {
        let secrets = secrets(for: context.redaction)
        let (live, named) = hidden(request, body: nil, secrets: secrets)
        if mode.replays, let recording = claim(live) ?? claim(named) {
            return try replayWebSocket(recording, for: request, context: context)
        }
        if mode.replays, !mode.records { throw reportMiss(live.record.request, missReason(live)) }
        let tap = WebSocketRecording(request: request, secrets: secrets, started: Date()) { entry, values in
            self.append(entry, learning: values)
        }
        return .relay(over: upstream, tap: tap)
    }

    private func replayWebSocket(
        _ recording: Recording, for request: HTTPRequest, context: TransportContext
    ) throws -> WebSocketAcceptance {
        guard let head = recording.head else {
            throw HAR.Failure(kind: "transport", message: "", underlying: "no response").error(for: request)
        }
        guard head.status == .switchingProtocols else {
            return .refuse(head.status, headerFields: head.headerFields, body: recording.body)
        }
        let messages = recording.entry.webSocketMessages ?? []
        let (placeholders, clock) = (placeholders, pacing.asRecorded ? context.clock : nil)
        return .accept(subprotocol: head.headerFields[.secWebSocketProtocolName]) { peer in
            let elapsed = clock.map { RecordedChunks.stopwatch($0) }
            let first = messages.first?.time ?? 0
            for message in messages {
                if message.type == "send" {
                    guard await peer.receive() != nil else { return }
                    continue
                }
                if let clock, let elapsed {
                    let due = Duration.milliseconds(Int64(((message.time - first) * 1000).rounded()))
                    let wait = due - elapsed()
                    if wait > .zero { try await clock.sleep(for: wait) }
                }
                if message.opcode == 2 {
                    try peer.send(.binary(Data(base64Encoded: message.data) ?? Data()))
                } else {
                    try peer.send(.text(SecretValues.filling(message.data, from: placeholders)))
                }
            }
            while await peer.receive() != nil {}
        }
    }
}

extension HTTPField.Name {
    fileprivate static let secWebSocketProtocolName = HTTPField.Name("Sec-WebSocket-Protocol")!
}

/// A WebSocket being recorded: its handshake's answer and its messages, written as one entry when
/// the connection ends.
private final class WebSocketRecording: WebSocketTap {
    private struct State {
        var response: HTTPResponse?
        var body = Data()
        var messages: [HAR.WebSocketMessage] = []
        var written = false
    }

    let request: HTTPRequest
    let secrets: CassetteSecrets
    let started: Date
    let write: @Sendable (HAR.Entry, [CassetteSecrets.Value]) -> Void
    private let state = Locked(State())

    init(
        request: HTTPRequest, secrets: CassetteSecrets, started: Date,
        write: @escaping @Sendable (HAR.Entry, [CassetteSecrets.Value]) -> Void
    ) {
        self.request = request
        self.secrets = secrets
        self.started = started
        self.write = write
    }

    func answered(_ response: HTTPResponse, body: Data) {
        state.withLock { state in
            state.response = response
            state.body = body
        }
    }

    func message(_ message: WebSocketMessage, sent: Bool) {
        let recorded: HAR.WebSocketMessage
        let time = Date().timeIntervalSince1970
        switch message {
        case .text(let text):
            // A JSON message's secret members hidden, as in a body.
            let hidden = secrets.body(Data(text.utf8), mimeType: "application/json").0
            recorded = HAR.WebSocketMessage(
                type: sent ? "send" : "receive", time: time, opcode: 1, data: String(decoding: hidden, as: UTF8.self))
        case .binary(let data):
            recorded = HAR.WebSocketMessage(
                type: sent ? "send" : "receive", time: time, opcode: 2, data: data.base64EncodedString())
        }
        state.withLock { $0.messages.append(recorded) }
    }

    func ended() {
        let done = state.withLock { state -> State? in
            guard !state.written, state.response != nil else { return nil }
            state.written = true
            return state
        }
        guard let done, let response = done.response else { return }
        let milliseconds = (Date().timeIntervalSince(started) * 1000).rounded()
        let timings = HAR.Timings.measured(wait: milliseconds, receive: 0)
        var entry = HAR.Entry(
            startedDateTime: CassetteTransport.timestamp(started), time: timings.total,
            request: HAR.Request(secrets.request(request), body: nil, httpVersion: "HTTP/1.1"),
            response: HAR.Response(
                HTTPResponse(status: response.status, headerFields: secrets.fields(response.headerFields)),
                body: done.body, chunks: nil, httpVersion: "HTTP/1.1", failure: nil),
            cache: HAR.Cache(), timings: timings, comment: nil)
        entry.resourceType = "websocket"
        entry.webSocketMessages = done.messages
        write(entry, secrets.values(in: request))
    }
}
