import Courier
import CourierTesting
import Foundation
import Testing

/// Redirects as a visible step: interceptors see the hops, a policy hook decides each one, and
/// a 401 from another origin does not make the client refresh its credential.
@Suite("APIClient: redirect hops")
struct RedirectHopTests {
    /// Answers by host: `a.example` redirects to `to`, anything else answers `other`.
    static func transport(
        redirectTo location: String, other: StubTransport.Reply, sent: Locked<[HTTPRequest]>
    ) -> StubTransport {
        StubTransport { request, _ in
            sent.withLock { $0.append(request) }
            if request.authority == "a.example", request.path == "/start" {
                return StubTransport.Reply(status: .found, headerFields: [.location: location])
            }
            return other
        }
    }

    static func refreshing(_ refreshes: Locked<Int>) -> RefreshingAuthorizationInterceptor<BearerCredential> {
        RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "valid")) { _ in
            refreshes.withLock { $0 += 1 }
            return BearerCredential(accessToken: "renewed")
        }
    }

    @Test func unauthorizedFromAnotherOriginDoesNotRefreshTheCredential() async throws {
        let sent = Locked<[HTTPRequest]>([])
        let refreshes = Locked(0)
        let client = APIClient(
            baseURL: URL(string: "https://a.example")!,
            transport: Self.transport(
                redirectTo: "https://b.example/elsewhere", other: .init(status: .unauthorized), sent: sent),
            interceptors: [Self.refreshing(refreshes)])
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.status == .unauthorized)
        #expect(refreshes.withLock { $0 } == 0)
        let requests = sent.withLock { $0 }
        #expect(requests.map(\.authority) == ["a.example", "b.example"])
        #expect(requests[0].headerFields[.authorization] == "Bearer valid")
        #expect(requests[1].headerFields[.authorization] == nil)
    }

    @Test func unauthorizedFromTheSameOriginStillRefreshes() async throws {
        let sent = Locked<[HTTPRequest]>([])
        let refreshes = Locked(0)
        let client = APIClient(
            baseURL: URL(string: "https://a.example")!,
            transport: StubTransport { request, _ in
                sent.withLock { $0.append(request) }
                if request.path == "/start" {
                    return StubTransport.Reply(status: .found, headerFields: [.location: "/moved"])
                }
                let renewed = request.headerFields[.authorization] == "Bearer renewed"
                return renewed ? .json("{}") : .init(status: .unauthorized)
            },
            interceptors: [Self.refreshing(refreshes)])
        _ = try await client.send(StubRequest())
        #expect(refreshes.withLock { $0 } == 1)
    }

    /// Records the hops an interceptor sees.
    struct HopWatcher: Interceptor {
        let seen: Locked<[RedirectHop]>
        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> InterceptorResponse {
            let response = try await next(request, body)
            seen.withLock { $0 = response.redirects }
            return response
        }
    }

    @Test func interceptorsSeeTheHopsThatLedToTheResponse() async throws {
        let seen = Locked<[RedirectHop]>([])
        let client = APIClient(
            baseURL: URL(string: "https://a.example")!,
            transport: Self.transport(redirectTo: "https://b.example/x", other: .json("{}"), sent: Locked([])),
            interceptors: [HopWatcher(seen: seen)])
        _ = try await client.send(StubRequest())
        let hops = seen.withLock { $0 }
        #expect(hops.count == 1)
        #expect(hops.first?.response.status == .found)
        #expect(hops.first?.next.authority == "b.example")
        #expect(hops.first?.crossesOrigin == true)
    }

    @Test func hookCanStopAHop() async throws {
        let sent = Locked<[HTTPRequest]>([])
        let client = APIClient(
            baseURL: URL(string: "https://a.example")!,
            transport: Self.transport(redirectTo: "https://b.example/x", other: .json("{}"), sent: sent)
        ) { $0.redirects = .follow(limit: 5) { hop in hop.crossesOrigin ? .stop : .follow } }
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.status == .found)
        #expect(sent.withLock { $0.count } == 1)
    }

    @Test func hookCanChangeTheNextRequestButNotResendCredentialsOrLeaveTheOrigin() async throws {
        let sent = Locked<[HTTPRequest]>([])
        let client = APIClient(
            baseURL: URL(string: "https://a.example")!,
            transport: Self.transport(redirectTo: "https://b.example/x", other: .json("{}"), sent: sent)
        ) {
            $0.redirects = .follow(limit: 5) { hop in
                var next = hop.next
                next.headerFields[HTTPField.Name("X-Hop")!] = "1"
                next.headerFields[.authorization] = "Bearer smuggled"
                return .follow(next)
            }
        }
        _ = try await client.send(StubRequest())
        let followed = try #require(sent.withLock { $0 }.last)
        #expect(followed.headerFields[HTTPField.Name("X-Hop")!] == "1")
        #expect(followed.headerFields[.authorization] == nil)

        let elsewhere = APIClient(
            baseURL: URL(string: "https://a.example")!,
            transport: Self.transport(redirectTo: "https://b.example/x", other: .json("{}"), sent: Locked([]))
        ) {
            $0.redirects = .follow(limit: 5) { hop in
                var next = hop.next
                next.authority = "c.example"
                return .follow(next)
            }
        }
        let error = await #expect(throws: APIError.self) { try await elsewhere.send(StubRequest()) }
        #expect(error?.kind == .invalidRequest)
    }

    @Test func limitLivesWithThePolicy() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://a.example")!,
            transport: StubTransport { _, _ in StubTransport.Reply(status: .found, headerFields: [.location: "/start"])
            }
        ) { $0.redirects = .follow(limit: 2) { _ in .follow } }
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.kind == .tooManyRedirects)
    }
}
