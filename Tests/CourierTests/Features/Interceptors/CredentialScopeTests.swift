import Courier
import CourierTesting
import Foundation
import Logging
import Testing

/// A credential goes only to the origins of its scope: the client's base URL's by default.
@Suite("Credential scope")
struct CredentialScopeTests {
    /// A request on a host of its own, as a base protocol per host gives it.
    struct OnHost: APIRequest {
        typealias Response = EmptyResponse
        var host: String
        var method: HTTPRequest.Method { .get }
        var path: String { "/me" }
        var baseURL: URL { URL(string: host)! }
    }

    static let interceptors: [(String, @Sendable (CredentialScope) -> any Interceptor)] = [
        ("bearer", { scope in AuthorizationInterceptor.bearer(scope: scope) { "t0k3n" } }),
        ("basic", { scope in AuthorizationInterceptor.basic(scope: scope) { ("me", "s3cret") } }),
        (
            "refreshing",
            { scope in
                RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "t0k3n"), scope: scope)
                { _ in BearerCredential(accessToken: "next") }
            }
        ),
    ]

    @Test(arguments: interceptors.map(\.0))
    func aRequestForAnotherHostLeavesWithoutTheCredential(_ name: String) async throws {
        let make = try #require(Self.interceptors.first { $0.0 == name }?.1)
        let recorder = Recorder()
        let client = recorder.client(baseURL: "https://api.example.com/v1") { $0.interceptors = [make(.clientOrigin)] }
        _ = try await client.send(OnHost(host: "https://api.example.com/v2"))  // same origin, another path
        _ = try await client.send(OnHost(host: "https://other.example.net"))
        _ = try await client.send(OnHost(host: "http://api.example.com"))  // another scheme
        _ = try await client.send(OnHost(host: "https://api.example.com:8443"))  // another port
        _ = try await client.send(OnHost(host: "https://API.Example.com:443"))  // the same origin, spelt otherwise
        #expect(recorder.requests.map { $0.headerFields[.authorization] != nil } == [true, false, false, false, true])
    }

    @Test func listedOriginsGetTheCredentialAndNoOthers() async throws {
        let recorder = Recorder()
        let scope = CredentialScope.origins(
            URL(string: "https://api.hoge.com/any/path")!, URL(string: "https://uploads.hoge.com")!)
        let client = APIClient(transport: recorder.transport) {
            $0.interceptors = [AuthorizationInterceptor.apiKey(query: "api_key", scope: scope) { "k3y" }]
        }
        _ = try await client.send(OnHost(host: "https://api.hoge.com"))
        _ = try await client.send(OnHost(host: "https://uploads.hoge.com"))
        _ = try await client.send(OnHost(host: "https://api.fuga.com"))
        #expect(recorder.requests.map(\.path) == ["/me?api_key=k3y", "/me?api_key=k3y", "/me"])
    }

    @Test func aClientWithoutABaseURLMustNameTheOrigins() async throws {
        let client = APIClient(transport: UnreachableTransport()) {
            $0.interceptors = [AuthorizationInterceptor.bearer { "t0k3n" }]
        }
        let error = await #expect(throws: APIError.self) {
            try await client.send(OnHost(host: "https://api.hoge.com"))
        }
        #expect(error?.kind == .authentication)
        #expect(error?.message.contains("scope: .origins") == true)
        #expect(error?.description.contains("t0k3n") == false)
    }

    @Test func aSkippedRequestNeedsNoScope() async throws {
        struct Login: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .post }
            var path: String { "/login" }
            var baseURL: URL { URL(string: "https://auth.hoge.com")! }
            var options: RequestOptions { RequestOptions().with(\.skipsAuthorization, true) }
        }
        let recorder = Recorder()
        let client = APIClient(transport: recorder.transport) {
            $0.interceptors = [AuthorizationInterceptor.bearer { "t0k3n" }]
        }
        _ = try await client.send(Login())
        #expect(recorder.requests.first?.headerFields[.authorization] == nil)
    }

    @Test func aRefusalFromOutsideTheScopeRefreshesNothing() async throws {
        let refreshes = Locked(0)
        let transport = StubTransport { _, _ in .json("{}", status: .unauthorized) }
        let auth = RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "t0k3n")) { _ in
            refreshes.withLock { $0 += 1 }
            return BearerCredential(accessToken: "next")
        }
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport) {
            $0.interceptors = [auth]
        }
        let error = await #expect(throws: APIError.self) {
            try await client.send(OnHost(host: "https://other.example.net"))
        }
        #expect(error?.kind == .unacceptableStatus)
        #expect(refreshes.withLock { $0 } == 0)
        #expect(await auth.credential?.accessToken == "t0k3n")
    }

    @Test func theSkipIsLoggedWithItsReason() async throws {
        let capture = LogCapture()
        let recorder = Recorder()
        let client = recorder.client {
            $0.interceptors = [AuthorizationInterceptor.bearer { "t0k3n" }]
            $0.logger = capture.logger(level: .debug)
        }
        _ = try await client.send(OnHost(host: "https://other.example.net"))
        let line = try #require(capture.lines.first { $0.message.contains("without the credential") })
        #expect(line.level == .debug)
        #expect(line.metadata.contains("https://other.example.net"))
        #expect(line.metadata.contains("https://api.example.com"))
        #expect(!capture.text.contains("t0k3n"))
    }
}
