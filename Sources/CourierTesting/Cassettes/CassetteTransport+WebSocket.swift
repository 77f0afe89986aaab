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
    /// - Parameters:
    ///   - request: The handshake.
    ///   - context: The exchange's context; the client's redaction and clock come with it.
    /// - Returns: The recorded answer.
    /// - Throws: `UnexpectedRequest` for a handshake the cassette has no recording of (a cassette
    ///   records no WebSocket yet: export one from a browser, or write it).
    public func acceptWebSocket(_ request: HTTPRequest, context: TransportContext) async throws -> WebSocketAcceptance {
        let secrets = secrets(for: context.redaction)
        let (live, named) = hidden(request, body: nil, secrets: secrets)
        guard mode.replays, let recording = claim(live) ?? claim(named) else {
            throw reportMiss(
                live.record.request,
                mode.replays
                    ? missReason(live) : "a cassette does not record WebSockets yet; this one only records")
        }
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
