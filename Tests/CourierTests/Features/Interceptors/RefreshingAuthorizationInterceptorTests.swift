import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierCore
@testable import CourierInterceptors

/// Token refresh against stubs: single flight, newer tokens, failures, loops, proactive refresh.
@Suite("RefreshingAuthorizationInterceptor")
struct RefreshingAuthorizationInterceptorTests {
    /// A server that accepts only `validToken` and counts refreshes.
    final class TokenServer: Sendable {
        let state = Locked((valid: "fresh-1", refreshes: 0, seen: [String]()))

        var transport: StubTransport {
            StubTransport { request, _ in
                let token = request.headerFields[.authorization] ?? ""
                let ok = self.state.withLock { state in
                    state.seen.append(token)
                    return token == "Bearer \(state.valid)"
                }
                return ok ? .json(#""ok""#) : .json(#"{"error":"expired"}"#, status: .unauthorized)
            }
        }

        /// Issues the next token after `delay`.
        func refresh(delay: Duration = .milliseconds(50)) async throws -> BearerCredential {
            try await Task.sleep(for: delay)
            let token = state.withLock { state in
                state.refreshes += 1
                state.valid = "fresh-\(state.refreshes + 1)"
                return state.valid
            }
            return BearerCredential(accessToken: token)
        }
    }

    struct Me: APIRequest {
        typealias Response = String
        var method: HTTPRequest.Method { .get }
        var path: String { "/me" }
    }

    static func client(_ server: TokenServer, _ auth: some Interceptor) -> APIClient {
        APIClient(baseURL: URL(string: "https://api.example.com")!, transport: server.transport, interceptors: [auth])
    }

    @Test func concurrentStaleRequestsShareOneRefresh() async throws {
        let server = TokenServer()
        let auth = RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "stale")) { _ in
            try await server.refresh()
        }
        let client = Self.client(server, auth)
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<25 { group.addTask { try await client.send(Me()) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 25)
        #expect(server.state.withLock { $0.refreshes } == 1)
        #expect(await auth.credential?.accessToken == "fresh-2")
    }

    @Test func requestWithAnOlderTokenReplaysWithTheNewOneWithoutRefreshing() async throws {
        let server = TokenServer()
        server.state.withLock { $0.valid = "current" }
        let auth = RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "old")) { _ in
            try await server.refresh()
        }
        // Another part of the app logged in meanwhile: the store has a newer credential.
        let client = Self.client(server, auth)
        let slow = StubTransport { request, _ in
            // The request leaves with "old"; a login lands before its 401 comes back.
            if request.headerFields[.authorization] == "Bearer old" {
                await auth.update(BearerCredential(accessToken: "current"))
            }
            let (response, body) = try await server.transport.send(
                request, body: nil, context: TransportContext(deadline: .now + .seconds(5), readsWholeBody: true))
            return StubTransport.Reply(status: response.status, body: body.bufferedData ?? Data())
        }
        var slowClient = client
        slowClient.configuration.transport = slow
        #expect(try await slowClient.send(Me()) == #""ok""#)
        #expect(server.state.withLock { $0.refreshes } == 0)
        #expect(server.state.withLock { $0.seen } == ["Bearer old", "Bearer current"])
    }

    /// The refresh fails only once all ten calls wait for it: asked of the store, not of a clock
    /// (a 5 s wait for the server's count, then 100 ms of grace, let a late call start a second
    /// refresh when ~730 tests shared the machine). The time limit only stops a test that hangs.
    @Test(.timeLimit(.minutes(1))) func failedRefreshFailsEveryWaiterWithTheSameError() async throws {
        struct Revoked: Error {}
        let server = TokenServer()
        let attempts = Locked(0)
        let store = Locked<CredentialStore<BearerCredential>?>(nil)
        let auth = RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "stale")) { _ in
            attempts.withLock { $0 += 1 }
            while await store.withLock({ $0 })?.waiting ?? 0 < 10 {
                try await Task.sleep(for: .milliseconds(10))
            }
            throw Revoked()
        }
        store.withLock { $0 = auth.store }
        let client = Self.client(server, auth)
        let errors = await withTaskGroup(of: APIError?.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do throws(APIError) {
                        _ = try await client.send(Me())
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            return await group.reduce(into: [APIError?]()) { $0.append($1) }
        }
        #expect(errors.count == 10)
        #expect(errors.allSatisfy { $0?.kind == .authentication && $0?.underlying is Revoked })
        #expect(Set(errors.compactMap { $0?.message }).count == 1)
        #expect(attempts.withLock { $0 } == 1)
    }

    @Test func refreshLoopIsCut() async throws {
        // The server refuses every token, so each call refreshes and is refused again.
        let refreshes = Locked(0)
        let auth = RefreshingAuthorizationInterceptor.bearer(
            initial: BearerCredential(accessToken: "t0"),
            limit: .init(maximumRefreshes: 2, window: .seconds(60))
        ) { _ in
            let count = refreshes.withLock { count in
                count += 1
                return count
            }
            return BearerCredential(accessToken: "t\(count)")
        }
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in .json("{}", status: .unauthorized) },
            interceptors: [auth]
        )
        for _ in 0..<2 {
            let refused = await #expect(throws: APIError.self) { try await client.send(Me()) }
            #expect(refused?.kind == .unacceptableStatus)
        }
        let cut = await #expect(throws: APIError.self) { try await client.send(Me()) }
        #expect(cut?.kind == .authentication)
        #expect(cut?.message.contains("refresh loop") == true)
        #expect(refreshes.withLock { $0 } == 2)
    }

    /// The refresh window is time on the client's clock (issue 45): with a `ManualClock`, a
    /// window that has passed on it allows refreshing again, whatever the machine's clock says.
    @Test func theRefreshWindowIsMeasuredOnTheClientsClock() async throws {
        let refreshes = Locked(0)
        let auth = RefreshingAuthorizationInterceptor.bearer(
            initial: BearerCredential(accessToken: "t0"),
            limit: .init(maximumRefreshes: 1, window: .seconds(60))
        ) { _ in
            let count = refreshes.withLock { count in
                count += 1
                return count
            }
            return BearerCredential(accessToken: "t\(count)")
        }
        let clock = ManualClock()
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in .json("{}", status: .unauthorized) },
            interceptors: [auth]
        ) { $0.clock = clock }
        let refused = await #expect(throws: APIError.self) { try await client.send(Me()) }
        #expect(refused?.kind == .unacceptableStatus)
        // Within the window on the client's clock: the loop is cut.
        await clock.advance(by: .seconds(59))
        let cut = await #expect(throws: APIError.self) { try await client.send(Me()) }
        #expect(cut?.kind == .authentication)
        // Past it on the client's clock (the machine's has hardly moved): one refresh more.
        await clock.advance(by: .seconds(2))
        let again = await #expect(throws: APIError.self) { try await client.send(Me()) }
        #expect(again?.kind == .unacceptableStatus)
        #expect(refreshes.withLock { $0 } == 2)
    }

    @Test func expiredCredentialIsRefreshedBeforeSending() async throws {
        let server = TokenServer()
        let expired = BearerCredential(accessToken: "stale", expiresAt: Date().addingTimeInterval(-1))
        let auth = RefreshingAuthorizationInterceptor.bearer(initial: expired) { _ in
            try await server.refresh(delay: .zero)
        }
        _ = try await Self.client(server, auth).send(Me())
        #expect(server.state.withLock { $0.seen } == ["Bearer fresh-2"])
    }

    @Test func missingCredentialIsFetchedFirstAndSkippingRequestsPassUntouched() async throws {
        let server = TokenServer()
        let auth = RefreshingAuthorizationInterceptor.bearer(initial: nil) { _ in try await server.refresh(delay: .zero)
        }
        let client = Self.client(server, auth)
        _ = try await client.send(Me())
        _ = try? await client.send(StubRequest(headers: [.authorization: "Bearer own"]))
        #expect(server.state.withLock { $0.seen } == ["Bearer fresh-2", "Bearer own"])
    }
}
