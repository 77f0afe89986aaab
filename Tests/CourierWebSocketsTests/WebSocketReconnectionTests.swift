#if CourierNIO
    import CourierCore
    import CourierWebSockets
    import Foundation
    import Testing

    struct Number: Codable, Equatable, Sendable {
        var n: Int
    }

    struct Resume: Codable, Sendable {
        var resume: Int
    }

    /// `/numbers`: numbered messages after the one the client resumes from.
    struct NumbersSocket: WebSocketRequest {
        typealias Response = Number
        typealias Outgoing = Resume
        var path = "/numbers"
        var query: QueryParameters
    }

    @Suite("WebSockets: reconnection, against Python's websockets")
    struct WebSocketReconnectionTests {
        static let policy = RetryPolicy(
            maximumRetries: 3, initialBackoff: .milliseconds(50), maximumBackoff: .milliseconds(200))

        /// The server drops the connection (no close frame) after 40 of 100 messages; the socket
        /// reconnects, its hook sends the last number received, and the server goes on from there:
        /// every number arrives once, and the server sent each once.
        @Test func aDroppedConnectionReconnectsAndResumesWithNothingSentTwice() async throws {
            try await WebSocketTestServer.withRunning { server in
                let id = UUID().uuidString
                let last = Locked(0)
                let hooks = Locked(0)
                let client = WireTransport.nio.client(server.baseURL)
                let (numbers, states) = try await client.withWebSocket(
                    NumbersSocket(query: ["count": 100, "drop": 40, "id": id]),
                    options: WebSocketOptions(reconnection: Self.policy),
                    onReconnect: { resumption in
                        hooks.withLock { $0 += 1 }
                        try await resumption.send(Resume(resume: last.withLock { $0 }))
                    }
                ) { socket in
                    let states = Task {
                        var seen: [WebSocketState] = []
                        for await state in socket.states { seen.append(state) }
                        return seen
                    }
                    try await socket.send(Resume(resume: 0))
                    var numbers: [Int] = []
                    for try await number in socket.messages {
                        numbers.append(number.n)
                        last.withLock { $0 = number.n }
                        if number.n == 100 { break }
                    }
                    return (numbers, states)
                }
                #expect(numbers == Array(1...100))
                #expect(hooks.withLock { $0 } == 1)
                let sent = server.events.filter { $0.hasPrefix("sent \(id) ") }.compactMap {
                    Int($0.split(separator: " ")[2])
                }
                #expect(sent.sorted() == Array(1...100), "the server sent \(sent.count) numbers")
                let seen = await states.value
                #expect(seen.first == .connecting)
                #expect(seen.filter { $0 == .open }.count == 2, "\(seen)")
                #expect(seen.contains { if case .reconnecting(attempt: 1, _) = $0 { true } else { false } }, "\(seen)")
                #expect(seen.last == .closed)
            }
        }

        /// An app that leaves while the socket waits out a long back-off is not kept waiting for it.
        @Test func leavingWhileReconnectingReturnsAtOnce() async throws {
            try await WebSocketTestServer.withRunning { server in
                let client = WireTransport.nio.client(server.baseURL)
                let patient = RetryPolicy(maximumRetries: 3, initialBackoff: .seconds(60), maximumBackoff: .seconds(60))
                let started = ContinuousClock.now
                let state = try await client.withWebSocket(
                    NumbersSocket(query: ["count": 100, "drop": 5, "id": UUID().uuidString]),
                    options: WebSocketOptions(reconnection: patient)
                ) { socket in
                    try await socket.send(Resume(resume: 0))
                    for await state in socket.states {
                        // Wait for the drop: the back-off may be up to a minute (full jitter).
                        if case .reconnecting = state { return state }
                    }
                    return socket.state
                }
                guard case .reconnecting = state else {
                    Issue.record("the socket did not reconnect: \(state)")
                    return
                }
                #expect(ContinuousClock.now - started < .seconds(15))
            }
        }

        /// Without reconnection, the same drop ends the messages with `.transport`.
        @Test func withoutReconnectionADropEndsTheMessages() async throws {
            try await WebSocketTestServer.withRunning { server in
                let client = WireTransport.nio.client(server.baseURL)
                var received = 0
                do {
                    try await client.withWebSocket(
                        NumbersSocket(query: ["count": 100, "drop": 10, "id": UUID().uuidString])
                    ) { socket in
                        try await socket.send(Resume(resume: 0))
                        for try await _ in socket.messages { received += 1 }
                        Issue.record("the messages ended without an error")
                    }
                } catch let error as APIError {
                    #expect(error.kind == .transport, "\(error)")
                }
                #expect(received == 10)
            }
        }
    }
#endif
