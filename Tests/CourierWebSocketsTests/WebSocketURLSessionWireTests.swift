import CourierCore
import CourierInterceptors
import CourierWebSockets
import Foundation
import Testing

/// Whether URLSession opens WebSockets here.
enum URLSessionWebSockets {
    #if canImport(FoundationNetworking)
        static let run = false
    #else
        static let run = true
    #endif
}

/// WebSockets over `URLSessionTransport` (`URLSessionWebSocketTask`), against Python's
/// `websockets` on 127.0.0.1: run on Apple platforms. Compiled everywhere; on Linux,
/// FoundationNetworking's libcurl has no WebSockets (`URLSessionSocketTests` checks the refusal).
@Suite(
    "WebSockets: over URLSession, against Python's websockets",
    .enabled(if: URLSessionWebSockets.run, "FoundationNetworking's libcurl has no WebSockets"))
struct WebSocketURLSessionWireTests {
    struct Memo: Codable, Equatable, Sendable {
        var id: Int
        var text: String
    }

    struct MemoSocket: WebSocketRequest {
        typealias Response = Memo
        typealias Outgoing = Memo
        var path: String { "/echo" }
    }

    struct Plain: WebSocketRequest {
        typealias Response = String
        var path: String
    }

    static func client(_ url: URL, interceptors: [any Interceptor] = []) -> APIClient {
        APIClient(baseURL: url, transport: URLSessionTransport(), interceptors: interceptors)
    }

    @Test func typedMessagesGoBothWays() async throws {
        try await WebSocketTestServer.withRunning { server in
            let memos = (0..<50).map { Memo(id: $0, text: "memo \($0)") }
            let received = try await Self.client(server.baseURL).withWebSocket(MemoSocket()) { socket in
                for memo in memos { try await socket.send(memo) }
                var received: [Memo] = []
                for try await memo in socket.messages {
                    received.append(memo)
                    if received.count == memos.count { break }
                }
                return received
            }
            #expect(received == memos)
            #expect(await server.waitFor("closed /echo 1000"), "\(server.events)")
        }
    }

    @Test func a401OnTheUpgradeIsRefreshedOnceFor20ConcurrentConnections() async throws {
        try await WebSocketTestServer.withRunning { server in
            let refreshes = Locked(0)
            let auth = RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "expired")) {
                _ in
                refreshes.withLock { $0 += 1 }
                try await Task.sleep(for: .milliseconds(200))
                return BearerCredential(accessToken: "fresh")
            }
            let client = Self.client(server.baseURL, interceptors: [auth])
            let echoes = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await client.withWebSocket(Plain(path: "/auth")) { socket in
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
        }
    }

    /// URLSession hands over a refusal's status, not its body.
    @Test func aRefusedHandshakeFailsWithTheServersStatus() async throws {
        _ = try await WebSocketTestServer.withRunning { server in
            await #expect {
                try await Self.client(server.baseURL).withWebSocket(Plain(path: "/refuse")) { _ in }
            } throws: { error in
                (error as? APIError)?.kind == .unacceptableStatus && (error as? APIError)?.status == .forbidden
            }
        }
    }

    @Test func aServerThatGoesSilentEndsTheConnectionAsATimeout() async throws {
        _ = try await WebSocketTestServer.withRunning { server in
            let options = WebSocketOptions(pingInterval: .milliseconds(200), pingTimeout: .milliseconds(600))
            await #expect {
                try await Self.client(server.silentURL).withWebSocket(Plain(path: "/"), options: options) { socket in
                    for try await _ in socket.messages {}
                }
            } throws: { ($0 as? APIError)?.kind == .timeout }
        }
    }

    @Test func cancellingTheTaskClosesWith1001() async throws {
        try await WebSocketTestServer.withRunning { server in
            let client = Self.client(server.baseURL)
            let open = Locked(false)
            let task = Task {
                try await client.withWebSocket(Plain(path: "/echo")) { socket in
                    try await socket.send("ready?")
                    for try await _ in socket.messages { open.withLock { $0 = true } }
                }
            }
            let deadline = ContinuousClock.now + .seconds(20)
            while !open.withLock({ $0 }), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(open.withLock { $0 })
            task.cancel()
            _ = await task.result
            #expect(await server.waitFor("closed /echo 1001"), "\(server.events)")
        }
    }
}
