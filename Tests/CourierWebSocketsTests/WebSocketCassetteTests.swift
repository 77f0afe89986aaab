import CourierCore
import CourierTesting
import CourierWebSockets
import Foundation
import HTTPTypes
import Testing

/// A cassette replays a WebSocket from a HAR file as Chromium exports it (`_webSocketMessages`):
/// the server's messages in order, each of the client's standing for the app's next message.
@Suite("WebSockets: replayed from a HAR file")
struct WebSocketCassetteTests {
    typealias Chat = WebSocketStubTests.Chat
    typealias ChatSocket = WebSocketStubTests.ChatSocket

    /// A HAR file as Chrome's DevTools export it: the handshake at its `wss` URL, `101`, and the
    /// messages with their times in seconds since 1970.
    static func har(status: Int = 101, body: String = "", messages: String) -> String {
        """
        {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "pages": [],
          "entries": [{
            "startedDateTime": "2026-11-29T00:00:00.000Z", "time": 12,
            "request": {"method": "GET", "url": "wss://chat.example.test/chat", "httpVersion": "HTTP/1.1",
              "headers": [{"name": "Upgrade", "value": "websocket"}], "queryString": [], "cookies": [],
              "headersSize": -1, "bodySize": 0},
            "response": {"status": \(status), "statusText": "", "httpVersion": "HTTP/1.1",
              "headers": [{"name": "Upgrade", "value": "websocket"}, {"name": "Connection", "value": "Upgrade"}],
              "cookies": [], "content": {"size": \(body.utf8.count), "mimeType": "application/json",
              "text": \(String(decoding: try! JSONEncoder().encode(body), as: UTF8.self))},
              "redirectURL": "", "headersSize": -1, "bodySize": 0, "_transferSize": 0},
            "cache": {}, "timings": {"blocked": -1, "dns": -1, "ssl": -1, "connect": -1, "send": 0, "wait": 12,
              "receive": 0},
            "_resourceType": "websocket",
            "_webSocketMessages": [\(messages)]
          }]}}
        """
    }

    static let conversation = """
        {"type": "receive", "time": 1764374400.100, "opcode": 1, "data": "{\\"n\\":1,\\"text\\":\\"welcome\\"}"},
        {"type": "send", "time": 1764374400.200, "opcode": 1, "data": "{\\"n\\":2,\\"text\\":\\"hi\\"}"},
        {"type": "receive", "time": 1764374400.300, "opcode": 1, "data": "{\\"n\\":3,\\"text\\":\\"hi back\\"}"},
        {"type": "receive", "time": 1764374400.800, "opcode": 2, "data": "eyJuIjo0LCJ0ZXh0IjoiYmluYXJ5In0="}
        """

    static func cassette(_ text: String, pacing: CassetteTransport.Pacing = .fullSpeed) throws -> CassetteTransport {
        let file = FileManager.default.temporaryDirectory.appending(path: "ws-\(UUID().uuidString).har")
        try Data(text.utf8).write(to: file)
        return try CassetteTransport(file, pacing: pacing)
    }

    static func client(_ transport: any Transport) -> APIClient {
        APIClient(baseURL: URL(string: "https://chat.example.test")!, transport: transport)
    }

    /// The server's messages come in order, text and binary; the recorded send waits for the
    /// app's.
    @Test func aBrowsersRecordingReplaysInOrder() async throws {
        let cassette = try Self.cassette(Self.har(messages: Self.conversation))
        let received = try await Self.client(cassette).withWebSocket(ChatSocket()) { socket in
            var messages = socket.messages.makeAsyncIterator()
            var received = [try await messages.next()]
            try await socket.send(Chat(n: 2, text: "hi"))
            received.append(try await messages.next())
            received.append(try await messages.next())
            return received
        }
        #expect(received.map { $0?.n } == [1, 3, 4])
        #expect(received.last??.text == "binary")
        #expect(cassette.unusedRecordings == 0)
    }

    /// Until the app sends, the messages recorded after the client's message do not come.
    @Test func aRecordedSendWaitsForTheApps() async throws {
        let cassette = try Self.cassette(Self.har(messages: Self.conversation))
        let second = try await Self.client(cassette).withWebSocket(ChatSocket()) { socket in
            var messages = socket.messages.makeAsyncIterator()
            _ = try await messages.next()
            let arrived = Locked(false)
            let waiting = Task {
                let next = try await messages.next()
                arrived.withLock { $0 = true }
                return next
            }
            try await Task.sleep(for: .milliseconds(200))
            let early = arrived.withLock { $0 }
            try await socket.send(Chat(n: 2, text: "hi"))
            return (early, try await waiting.value)
        }
        #expect(!second.0, "the message after the recorded send came before the app sent")
        #expect(second.1?.n == 3)
    }

    /// As recorded, the last message comes 0.7 s after the first, which comes with the handshake:
    /// at least 0.7 s after the handshake began (more on a slow machine, never less).
    @Test func asRecordedTheMessagesKeepTheirTimes() async throws {
        let cassette = try Self.cassette(Self.har(messages: Self.conversation), pacing: .asRecorded)
        let started = ContinuousClock.now
        let elapsed = try await Self.client(cassette).withWebSocket(ChatSocket()) { socket in
            var messages = socket.messages.makeAsyncIterator()
            _ = try await messages.next()
            try await socket.send(Chat(n: 2, text: "hi"))
            _ = try await messages.next()
            _ = try await messages.next()
            return ContinuousClock.now - started
        }
        #expect(elapsed >= .milliseconds(700), "\(elapsed)")
    }

    @Test func aRecordedRefusalFailsWithItsStatusAndBody() async throws {
        let cassette = try Self.cassette(Self.har(status: 401, body: #"{"error":"expired"}"#, messages: ""))
        await #expect {
            try await Self.client(cassette).withWebSocket(ChatSocket()) { _ in }
        } throws: { error in
            guard let error = error as? APIError else { return false }
            return error.kind == .unacceptableStatus && error.status == .unauthorized
                && String(decoding: error.body ?? Data(), as: UTF8.self).contains("expired")
        }
    }

    @Test func aHandshakeTheCassetteLacksIsUnexpected() async throws {
        struct Other: WebSocketRequest {
            typealias Response = String
            var path: String { "/elsewhere" }
        }
        let cassette = try Self.cassette(Self.har(messages: Self.conversation))
        await withKnownIssue {
            await #expect {
                try await Self.client(cassette).withWebSocket(Other()) { _ in }
            } throws: { ($0 as? APIError)?.kind == .unexpectedRequest }
        }
    }
}
