#if CourierNIO
    import CourierCore
    import CourierTesting
    import CourierWebSockets
    import Foundation
    import HTTPTypes
    import Testing

    /// A cassette records a WebSocket against Python's `websockets`, and replays it without the
    /// server: the handshake's answer and the messages both ways, in Chromium's
    /// `_webSocketMessages`.
    @Suite("WebSockets: recorded by a cassette, against Python's websockets")
    struct WebSocketRecordingTests {
        struct Frame: Codable, Equatable, Sendable {
            var n: Int
            var token: String?
        }

        struct EchoSocket: WebSocketRequest {
            typealias Response = Frame
            typealias Outgoing = Frame
            var path: String { "/echo" }
        }

        struct RefusedSocket: WebSocketRequest {
            typealias Response = String
            var path: String { "/refuse" }
        }

        /// Two messages each way recorded; a secret JSON member hidden; the replay answers without
        /// the server, each recorded send waiting for the app's.
        @Test func anEchoIsRecordedThenReplayedWithoutTheServer() async throws {
            let file = FileManager.default.temporaryDirectory.appending(path: "ws-rec-\(UUID().uuidString).har")
            defer { try? FileManager.default.removeItem(at: file) }
            let exchange: @Sendable (APIClient) async throws -> [Frame] = { client in
                try await client.withWebSocket(EchoSocket()) { socket in
                    var messages = socket.messages.makeAsyncIterator()
                    var echoes: [Frame] = []
                    for n in 1...2 {
                        try await socket.send(Frame(n: n, token: "s3cr3t-\(n)"))
                        if let echo = try await messages.next() { echoes.append(echo) }
                    }
                    return echoes
                }
            }
            let recorded = try await WebSocketTestServer.withRunning { server in
                let cassette = try CassetteTransport(
                    file, mode: .recordOnce, recordingFrom: AsyncHTTPClientTransport.shared, redacting: ["token"])
                let echoes = try await exchange(APIClient(baseURL: server.baseURL, transport: cassette))
                try cassette.finish()
                return (echoes, server.baseURL)
            }
            #expect(recorded.0.map(\.n) == [1, 2])
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains("\"_webSocketMessages\""))

            #expect(!text.contains("s3cr3t"), "a secret member reached the cassette")
            let har = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            let entries = (har?["log"] as? [String: Any])?["entries"] as? [[String: Any]]
            let messages = entries?.first?["_webSocketMessages"] as? [[String: Any]]
            #expect(messages?.map { $0["type"] as? String } == ["send", "receive", "send", "receive"])
            #expect((entries?.first?["response"] as? [String: Any])?["status"] as? Int == 101)
            #expect(entries?.first?["_resourceType"] as? String == "websocket")

            // The server is gone: the replay answers alone.
            let replaying = try CassetteTransport(file, mode: .replayOnly)
            let replayed = try await exchange(APIClient(baseURL: recorded.1, transport: replaying))
            #expect(replayed.map(\.n) == [1, 2])
            #expect(replayed.allSatisfy { $0.token == "<redacted>" }, "\(replayed)")
        }

        @Test func aRefusedHandshakeIsRecordedAndReplaysAsARefusal() async throws {
            let file = FileManager.default.temporaryDirectory.appending(path: "ws-rec-\(UUID().uuidString).har")
            defer { try? FileManager.default.removeItem(at: file) }
            let isRefusal: @Sendable (any Error) -> Bool = { error in
                guard let error = error as? APIError else { return false }
                return error.kind == .unacceptableStatus && error.status == .forbidden
                    && String(decoding: error.body ?? Data(), as: UTF8.self).contains("not for you")
            }
            let baseURL = try await WebSocketTestServer.withRunning { server in
                let cassette = try CassetteTransport(
                    file, mode: .recordOnce, recordingFrom: AsyncHTTPClientTransport.shared)
                let client = APIClient(baseURL: server.baseURL, transport: cassette)
                await #expect { try await client.withWebSocket(RefusedSocket()) { _ in } } throws: { isRefusal($0) }
                try cassette.finish()
                return server.baseURL
            }
            let replaying = try CassetteTransport(file, mode: .replayOnly)
            let client = APIClient(baseURL: baseURL, transport: replaying)
            await #expect { try await client.withWebSocket(RefusedSocket()) { _ in } } throws: { isRefusal($0) }
        }
    }
#endif
