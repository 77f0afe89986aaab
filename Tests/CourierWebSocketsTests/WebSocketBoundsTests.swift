#if CourierNIO
    import CourierCore
    import CourierWebSockets
    import Foundation
    import HTTPTypes
    import Testing

    /// What a WebSocket holds, whatever the server sends: back-pressure on a slow consumer, and a
    /// message over the limit refused before it is held.
    @Suite("WebSockets: bounded, against Python's websockets")
    struct WebSocketBoundsTests {
        /// One echo first, so that the peak measured after it is the test's, not the first
        /// connection's (NIO's threads, the runtime's caches).
        static func warmUp(_ server: WebSocketTestServer) async throws {
            _ = try await WireTransport.nio.client(server.baseURL).withWebSocket(TextSocket(path: "/echo")) { socket in
                try await socket.send("warm")
                for try await _ in socket.messages { break }
            }
        }

        /// The server sends 100,000 messages of 1 KiB (100 MB) as fast as it can. The app reads 10,
        /// then stops for a second: the server, slowed by TCP, has sent a small share meanwhile (the
        /// 16 messages the inbox holds, NIO's buffer and the sockets' buffers). Then it reads the rest.
        @Test func aSlowConsumerSlowsTheServerInsteadOfGrowingMemory() async throws {
            try await WebSocketTestServer.withRunning { server in
                try await Self.warmUp(server)
                let peakBefore = ResidentMemory.peak
                let client = WireTransport.nio.client(server.baseURL)
                let options = WebSocketOptions(bufferedMessages: 16)
                let (received, sentDuringPause) = try await client.withWebSocket(
                    TextBytesSocket(query: ["count": 100_000, "size": 1024]), options: options
                ) { socket in
                    var received = 0
                    var sentDuringPause = 0
                    for try await message in socket.messages {
                        #expect(message.count == 1024)
                        received += 1
                        if received == 10 {
                            try await Task.sleep(for: .seconds(1))
                            sentDuringPause =
                                server.events.compactMap { event in
                                    event.hasPrefix("progress ") ? Int(event.dropFirst(9)) : nil
                                }.max() ?? 0
                        }
                        if received == 100_000 { break }
                    }
                    return (received, sentDuringPause)
                }
                #expect(received == 100_000)
                #expect(
                    sentDuringPause < 20_000, "the server had sent \(sentDuringPause) of 100,000 after 10 were read")
                if let peakBefore, let peakAfter = ResidentMemory.peak, peakAfter >= peakBefore {
                    print(
                        "websocket-memory: 100,000 × 1 KiB to a slow consumer: peak RSS grew by \((peakAfter - peakBefore) >> 10) KiB (a figure only when run alone: other tests share the process)"
                    )
                }
            }
        }

        /// A 16 MiB message against a 1 MiB limit fails at its header: the client never holds it.
        @Test func aSixteenMebibyteMessageOverTheLimitIsNotHeld() async throws {
            try await WebSocketTestServer.withRunning { server in
                try await Self.warmUp(server)
                let peakBefore = ResidentMemory.peak
                let options = WebSocketOptions(maximumMessageSize: 1 << 20, closeTimeout: .seconds(1))
                do {
                    try await WireTransport.nio.client(server.baseURL).withWebSocket(
                        TextSocket(path: "/big", query: ["bytes": 16 << 20]), options: options
                    ) { socket in
                        for try await _ in socket.messages {}
                        Issue.record("the messages ended without an error")
                    }
                } catch let error as APIError {
                    #expect(error.kind == .bodyTooLarge, "\(error)")
                }
                if let peakBefore, let peakAfter = ResidentMemory.peak, peakAfter >= peakBefore {
                    print(
                        "websocket-memory: 16 MiB message over a 1 MiB limit: peak RSS grew by \((peakAfter - peakBefore) >> 10) KiB (a figure only when run alone: other tests share the process)"
                    )
                }
            }
        }
    }

    extension WebSocketBoundsTests {
        /// 64 MiB of zeros, about 64 KiB compressed, against a 1 MiB limit: inflated only up to the
        /// limit, then refused.
        @Test func aCompressionBombIsRefusedAtTheLimit() async throws {
            try await WebSocketTestServer.withRunning { server in
                try await Self.warmUp(server)
                let peakBefore = ResidentMemory.peak
                let options = WebSocketOptions(maximumMessageSize: 1 << 20)
                do {
                    try await WireTransport.nio.client(server.baseURL).withWebSocket(
                        TextBytesSocket(path: "/bomb", query: ["mib": 64]), options: options
                    ) { socket in
                        #expect(
                            socket.response?.headerFields[HTTPField.Name("Sec-WebSocket-Extensions")!]?.hasPrefix(
                                "permessage-deflate") == true)
                        for try await _ in socket.messages {}
                        Issue.record("the messages ended without an error")
                    }
                } catch let error as APIError {
                    #expect(error.kind == .bodyTooLarge, "\(error)")
                    #expect(error.message.contains("inflates past"), "\(error.message)")
                }
                if let peakBefore, let peakAfter = ResidentMemory.peak, peakAfter >= peakBefore {
                    print(
                        "websocket-memory: a 64 MiB compression bomb against a 1 MiB limit: peak RSS grew by \((peakAfter - peakBefore) >> 10) KiB (a figure only when run alone: other tests share the process)"
                    )
                }
            }
        }

        /// The same message inflates whole when it fits.
        @Test func aCompressedMessageWithinTheLimitInflatesWhole() async throws {
            try await WebSocketTestServer.withRunning { server in
                let message = try await WireTransport.nio.client(server.baseURL).withWebSocket(
                    TextBytesSocket(path: "/bomb", query: ["mib": 2]),
                    options: WebSocketOptions(maximumMessageSize: 4 << 20)
                ) { socket in
                    for try await message in socket.messages { return message }
                    return Data()
                }
                #expect(message == Data(count: 2 << 20))
            }
        }
    }

    /// `/flood`: binary messages, read as `Data`.
    struct TextBytesSocket: WebSocketRequest {
        typealias Response = Data
        var path = "/flood"
        var query: QueryParameters
    }
#endif
