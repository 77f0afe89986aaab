import CourierCore
import CourierInterceptors
import CourierTesting
import CourierWebSockets
import Foundation
import HTTPTypes
import Testing

/// `CourierTesting`'s `WebSocketStub`: a scripted server in memory, with the client's whole path
/// (interceptors, frames, limits, close handshake, reconnection) running as over the network. No
/// SwiftNIO: these run in a build without the `AsyncHTTPClient` trait too.
@Suite("WebSockets: the scripted double (CourierTesting)")
struct WebSocketStubTests {
    struct Chat: Codable, Equatable, Sendable {
        var n: Int
        var text: String
    }

    struct ChatSocket: WebSocketRequest {
        typealias Response = Chat
        typealias Outgoing = Chat
        var path = "/chat"
    }

    static func client(_ transport: any Transport, interceptors: [any Interceptor] = []) -> APIClient {
        APIClient(baseURL: URL(string: "https://chat.example.test")!, transport: transport, interceptors: interceptors)
    }

    @Test func typedMessagesGoBothWaysThroughTheScript() async throws {
        let seen = Locked<(path: String?, messages: [WebSocketMessage])>((nil, []))
        let stub = WebSocketStub.serving { peer in
            seen.withLock { $0.path = peer.request.path }
            while let message = await peer.receive() {
                seen.withLock { $0.messages.append(message) }
                try peer.send(message)
            }
        }
        let echoes = try await Self.client(stub).withWebSocket(ChatSocket()) { socket in
            var echoes: [Chat] = []
            for n in 1...3 {
                try await socket.send(Chat(n: n, text: "hi \(n)"))
                for try await chat in socket.messages {
                    echoes.append(chat)
                    break
                }
            }
            return echoes
        }
        #expect(echoes == (1...3).map { Chat(n: $0, text: "hi \($0)") })
        #expect(seen.withLock { $0.path } == "/chat")
        #expect(seen.withLock { $0.messages.count } == 3)
        if case .text(let text) = seen.withLock({ $0.messages.first }) {
            #expect(text.contains("\"text\":\"hi 1\""))
        } else {
            Issue.record("the first message was not a text frame")
        }
    }

    /// Five sockets whose handshakes are refused with 401 share one refresh, then open with the
    /// new token: the interceptors run on the handshake as on any call.
    @Test func aRefusedHandshakeIsRefreshedOnceForFiveSockets() async throws {
        let refreshes = Locked(0)
        let stub = WebSocketStub { request in
            guard request.headerFields[.authorization] == "Bearer fresh" else {
                return .refuse(.unauthorized, headerFields: [.wwwAuthenticate: "Bearer"])
            }
            return .accept { peer in
                while let message = await peer.receive() { try peer.send(message) }
            }
        }
        let auth = RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "stale")) { _ in
            refreshes.withLock { $0 += 1 }
            try await Task.sleep(for: .milliseconds(50))
            return BearerCredential(accessToken: "fresh")
        }
        let client = Self.client(stub, interceptors: [auth])
        let echoes = try await withThrowingTaskGroup(of: Int.self) { group in
            for n in 0..<5 {
                group.addTask {
                    try await client.withWebSocket(ChatSocket()) { socket in
                        try await socket.send(Chat(n: n, text: ""))
                        for try await chat in socket.messages { return chat.n }
                        return -1
                    }
                }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(echoes == Set(0..<5))
        #expect(refreshes.withLock { $0 } == 1)
    }

    @Test func aRefusalFailsWithTheStatusAndTheServersBody() async throws {
        let stub = WebSocketStub { _ in .refuse(.forbidden, body: Data(#"{"error":"no entry"}"#.utf8)) }
        await #expect {
            try await Self.client(stub).withWebSocket(ChatSocket()) { _ in }
        } throws: { error in
            guard let error = error as? APIError else { return false }
            return error.kind == .unacceptableStatus && error.status == .forbidden
                && String(decoding: error.body ?? Data(), as: UTF8.self).contains("no entry")
        }
    }

    @Test func closingEndsWith1000AndTheServerSeesIt() async throws {
        let close = Locked<WebSocketClose?>(nil)
        let stub = WebSocketStub.serving { peer in
            while await peer.receive() != nil {}
            close.withLock { $0 = peer.clientClose }
        }
        try await Self.client(stub).withWebSocket(ChatSocket()) { socket in
            try await socket.send(Chat(n: 1, text: "bye"))
        }
        try await waitUntil { close.withLock { $0 } != nil }
        #expect(close.withLock { $0 }?.code == .normal)
    }

    @Test func theServersCloseCodeEndsTheMessagesWithItsReason() async throws {
        let stub = WebSocketStub.serving { peer in
            try peer.send(json: Chat(n: 1, text: "last"))
            peer.close(WebSocketCloseCode(rawValue: 4001), reason: "room closed")
        }
        let (received, thrown, serverClose) = try await Self.client(stub).withWebSocket(ChatSocket()) { socket in
            var received: [Chat] = []
            var messages = socket.messages.makeAsyncIterator()
            do throws(APIError) {
                while let chat = try await messages.next() { received.append(chat) }
                return (received, nil as APIError?, socket.serverClose)
            } catch {
                return (received, error, socket.serverClose)
            }
        }
        #expect(received == [Chat(n: 1, text: "last")])
        #expect(thrown?.kind == .transport)
        #expect(thrown?.message.contains("4001: room closed") == true, "\(String(describing: thrown))")
        #expect(serverClose?.code?.rawValue == 4001)
    }

    @Test func aMalformedMessageIsThrownOnceAndTheNextArrives() async throws {
        let stub = WebSocketStub.serving { peer in
            try peer.send(.text("not json"))
            try peer.send(json: Chat(n: 2, text: "fine"))
            while await peer.receive() != nil {}
        }
        let (failure, next) = try await Self.client(stub).withWebSocket(ChatSocket()) { socket in
            var messages = socket.messages.makeAsyncIterator()
            var failure: APIError?
            do throws(APIError) { _ = try await messages.next() } catch { failure = error }
            return (failure, try await messages.next())
        }
        #expect(failure?.kind == .decoding)
        #expect(failure?.message.contains("Chat") == true)
        #expect(next == Chat(n: 2, text: "fine"))
    }

    @Test func aMessageOverTheLimitFailsAsBodyTooLarge() async throws {
        let stub = WebSocketStub.serving { peer in
            try peer.send(.binary(Data(count: 64 * 1024)))
            while await peer.receive() != nil {}
        }
        let options = WebSocketOptions(maximumMessageSize: 1024)
        let thrown = try await Self.client(stub).withWebSocket(ChatSocket(), options: options) { socket in
            var messages = socket.messages.makeAsyncIterator()
            do throws(APIError) {
                while try await messages.next() != nil {}
                return nil as APIError?
            } catch {
                return error
            }
        }
        #expect(thrown?.kind == .bodyTooLarge)
    }

    /// The script drops the first connection after two messages: the socket reconnects, its hook
    /// tells the second connection where to resume, and the app sees each message once.
    @Test func aDroppedConnectionReconnectsAndTheHookResumes() async throws {
        let connections = Locked(0)
        let stub = WebSocketStub.serving { peer in
            let connection = connections.withLock { count in
                count += 1
                return count
            }
            guard case .text(let text) = await peer.receive(),
                let from = try? JSONDecoder().decode(Chat.self, from: Data(text.utf8)).n
            else { return }
            for n in (from + 1)...4 {
                try peer.send(json: Chat(n: n, text: "connection \(connection)"))
                if connection == 1, n == 2 {
                    peer.drop()
                    return
                }
            }
            while await peer.receive() != nil {}
        }
        let last = Locked(0)
        let policy = RetryPolicy(
            maximumRetries: 2, initialBackoff: .milliseconds(10), maximumBackoff: .milliseconds(20))
        let resume: @Sendable (WebSocketResumption<ChatSocket>) async throws -> Void = {
            try await $0.send(Chat(n: last.withLock { $0 }, text: "resume"))
        }
        let received = try await Self.client(stub).withWebSocket(
            ChatSocket(), options: WebSocketOptions(reconnection: policy), onReconnect: resume
        ) { socket in
            try await socket.send(Chat(n: 0, text: "start"))
            var received: [Chat] = []
            for try await chat in socket.messages {
                received.append(chat)
                last.withLock { $0 = chat.n }
                if chat.n == 4 { break }
            }
            return received
        }
        #expect(received.map(\.n) == [1, 2, 3, 4])
        #expect(received.map(\.text) == ["connection 1", "connection 1", "connection 2", "connection 2"])
        #expect(connections.withLock { $0 } == 2)
    }

    @Test func otherCallsAreUnexpectedWithoutHTTP() async throws {
        struct Ping: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .get }
            var path: String { "/ping" }
        }
        let stub = WebSocketStub.serving { _ in }
        await withKnownIssue {
            await #expect {
                try await Self.client(stub).send(Ping())
            } throws: { ($0 as? APIError)?.kind == .unexpectedRequest }
        }
    }

    private func waitUntil(_ condition: @Sendable () -> Bool) async throws {
        for _ in 0..<500 where !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(condition())
    }
}
