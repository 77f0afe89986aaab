import CourierCore
import CourierInterceptors
import CourierWebSockets
import Foundation
import HTTPTypes
import Testing

struct Note: Codable, Equatable, Sendable {
    var id: Int
    var text: String
}

struct EchoSocket: WebSocketRequest {
    typealias Response = Note
    typealias Outgoing = Note
    var path = "/echo"
}

struct TextSocket: WebSocketRequest {
    typealias Response = String
    var path: String
    var query: QueryParameters = [:]
}

/// WebSockets over each transport that opens them here (``WireTransport``), against Python's
/// `websockets` on 127.0.0.1 (`WebSocketTestServer`).
@Suite("WebSockets: over the wire, against Python's websockets")
struct WebSocketWireTests {
    @Test(arguments: WireTransport.available)
    func typedMessagesGoBothWays(_ transport: WireTransport) async throws {
        try await WebSocketTestServer.withRunning { server in
            let notes = (0..<50).map { Note(id: $0, text: "note \($0)") }
            let received = try await transport.client(server.baseURL).withWebSocket(EchoSocket()) { socket in
                for note in notes { try await socket.send(note) }
                var received: [Note] = []
                for try await note in socket.messages {
                    received.append(note)
                    if received.count == notes.count { break }
                }
                return received
            }
            #expect(received == notes)
            #expect(await server.waitFor("closed /echo 1000"), "\(server.events)")
        }
    }

    /// Without compression offered, the server sends its messages as they are. (URLSession
    /// agrees to compression by itself, and inflates what it agreed to.)
    @Test(arguments: WireTransport.framing)
    func withoutCompressionTheServerSendsMessagesAsTheyAre(_ transport: WireTransport) async throws {
        try await WebSocketTestServer.withRunning { server in
            let options = WebSocketOptions(acceptsCompression: false)
            let echo: Note? = try await transport.client(server.baseURL).withWebSocket(EchoSocket(), options: options) {
                socket in
                #expect(socket.response?.headerFields[HTTPField.Name("Sec-WebSocket-Extensions")!] == nil)
                try await socket.send(Note(id: 7, text: "plain"))
                for try await note in socket.messages { return note }
                return nil
            }
            #expect(echo == Note(id: 7, text: "plain"))
        }
    }

    @Test(arguments: WireTransport.available)
    func aMalformedMessageIsThrownOnceNamingItsTypeAndTheConnectionGoesOn(_ transport: WireTransport) async throws {
        try await WebSocketTestServer.withRunning { server in
            try await transport.client(server.baseURL).withWebSocket(EchoSocket()) { socket in
                try await socket.send(WebSocketMessage.text("not a note"))
                try await socket.send(Note(id: 1, text: "after"))
                var messages = socket.messages.makeAsyncIterator()
                do throws(APIError) {
                    _ = try await messages.next()
                    Issue.record("a malformed message was decoded")
                } catch {
                    #expect(error.kind == .decoding)
                    #expect(error.message.contains("Note"), "\(error.message)")
                    #expect(error.body == Data("not a note".utf8))
                }
                #expect(try await messages.next() == Note(id: 1, text: "after"))
            }
        }
    }

    /// URLSession hands over a refusal's status, not its body.
    @Test(arguments: WireTransport.available)
    func aRefusedHandshakeFailsWithTheServersStatusAndBody(_ transport: WireTransport) async throws {
        try await WebSocketTestServer.withRunning { server in
            struct Problem: Decodable { var error: String }
            do {
                try await transport.client(server.baseURL).withWebSocket(TextSocket(path: "/refuse")) { _ in
                    Issue.record("opened")
                    return
                }
            } catch let error as APIError {
                #expect(error.kind == .unacceptableStatus)
                #expect(error.status == .forbidden)
                if transport.makesFrames {
                    #expect(error.decodeBody(as: Problem.self)?.error == "forbidden")
                }
            }
        }
    }

    /// Twenty connections whose handshakes are refused with 401 at once share one refresh,
    /// then each opens with the new token.
    @Test(arguments: WireTransport.available)
    func a401OnTheUpgradeIsRefreshedOnceFor20ConcurrentConnections(_ transport: WireTransport) async throws {
        try await WebSocketTestServer.withRunning { server in
            let refreshes = Locked(0)
            let auth = RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "expired")) {
                _ in
                refreshes.withLock { $0 += 1 }
                try await Task.sleep(for: .milliseconds(200))
                return BearerCredential(accessToken: "fresh")
            }
            let client = transport.client(server.baseURL, interceptors: [auth])
            let echoes = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await client.withWebSocket(TextSocket(path: "/auth")) { socket in
                            try await socket.send("hello \(index)")
                            for try await text in socket.messages { return text }
                            return ""
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(echoes) == Set((0..<20).map { "hello \($0)" }))
            #expect(refreshes.withLock { $0 } == 1)
            #expect(server.events.filter { $0 == "open /auth" }.count == 20)
        }
    }

    @Test(arguments: WireTransport.available)
    func aServerThatGoesSilentEndsTheConnectionAsATimeout(_ transport: WireTransport) async throws {
        try await WebSocketTestServer.withRunning { server in
            let options = WebSocketOptions(pingInterval: .milliseconds(200), pingTimeout: .milliseconds(600))
            let started = ContinuousClock.now
            do {
                try await transport.client(server.silentURL).withWebSocket(TextSocket(path: "/"), options: options) {
                    socket in
                    for try await _ in socket.messages {}
                    Issue.record("the messages ended without an error")
                }
            } catch let error as APIError {
                #expect(error.kind == .timeout, "\(error)")
            }
            #expect(ContinuousClock.now - started < .seconds(15))
        }
    }

    @Test(arguments: WireTransport.available)
    func cancellingTheTaskClosesWith1001(_ transport: WireTransport) async throws {
        try await WebSocketTestServer.withRunning { server in
            let client = transport.client(server.baseURL)
            let open = Locked(false)
            let task = Task {
                try await client.withWebSocket(TextSocket(path: "/echo")) { socket in
                    try await socket.send("ready?")
                    for try await _ in socket.messages { open.withLock { $0 = true } }
                }
            }
            // Open on the client's side too (the server logs `open` before its 101 is read).
            let deadline = ContinuousClock.now + .seconds(20)
            while !open.withLock({ $0 }), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(open.withLock { $0 })
            task.cancel()
            let result = await task.result
            #expect(throws: (any Error).self) { try result.get() }
            #expect(await server.waitFor("closed /echo 1001"), "\(server.events)")
        }
    }

    @Test(arguments: WireTransport.available)
    func theServersCloseEndsTheMessagesAndSaysWhy(_ transport: WireTransport) async throws {
        try await WebSocketTestServer.withRunning { server in
            let client = transport.client(server.baseURL)
            let close = try await client.withWebSocket(TextSocket(path: "/close", query: ["code": 1000])) {
                socket in
                for try await _ in socket.messages {}
                return socket.serverClose
            }
            #expect(close == WebSocketClose(code: .normal, reason: "bye"))
            do {
                try await client.withWebSocket(TextSocket(path: "/close", query: ["code": 4001])) { socket in
                    for try await _ in socket.messages {}
                }
                Issue.record("a close with 4001 ended the messages without an error")
            } catch let error as APIError {
                #expect(error.kind == .transport)
                #expect(error.message.contains("4001"), "\(error.message)")
            }
        }
    }
}
