import Courier
import CourierTesting
import Foundation
import Testing

@Suite("Authorization")
struct AuthorizationInterceptorTests {
    struct Login: APIRequest {
        typealias Response = EmptyResponse
        var method: HTTPRequest.Method { .post }
        var path: String { "/login" }
        var options: RequestOptions { RequestOptions().with(\.skipsAuthorization, true) }
    }

    @Test func bearerTokenComesFromTheProvider() async throws {
        let recorder = Recorder()
        let client = recorder.client { $0.interceptors = [AuthorizationInterceptor.bearer { "t0k3n" }] }
        _ = try await client.send(StubRequest())
        #expect(recorder.requests.first?.headerFields[.authorization] == "Bearer t0k3n")
    }

    @Test func basicEncodesUserAndPassword() async throws {
        let recorder = Recorder()
        let client = recorder.client {
            $0.interceptors = [AuthorizationInterceptor.basic { ("aladdin", "opensesame") }]
        }
        _ = try await client.send(StubRequest())
        #expect(recorder.requests.first?.headerFields[.authorization] == "Basic YWxhZGRpbjpvcGVuc2VzYW1l")
    }

    @Test func apiKeyInAHeaderOrTheQuery() async throws {
        let recorder = Recorder()
        let keyName = HTTPField.Name("X-Api-Key")!
        let client = recorder.client {
            $0.interceptors = [
                AuthorizationInterceptor.apiKey(header: keyName) { "k1" },
                AuthorizationInterceptor.apiKey(query: "api_key") { "k 2" },
            ]
        }
        _ = try await client.send(StubRequest(query: ["page": 2]))
        _ = try await client.send(StubRequest())
        #expect(recorder.requests.map { $0.headerFields[keyName] } == ["k1", "k1"])
        #expect(recorder.requests.map(\.path) == ["/start?page=2&api_key=k%202", "/start?api_key=k%202"])
    }

    @Test func requestsOwnHeaderAndQuerySurvive() async throws {
        let recorder = Recorder()
        let client = recorder.client {
            $0.interceptors = [
                AuthorizationInterceptor.bearer { "default" },
                AuthorizationInterceptor.apiKey(query: "api_key") { "default" },
            ]
        }
        _ = try await client.send(StubRequest(query: ["api_key": "own"], headers: [.authorization: "Bearer own"]))
        #expect(recorder.requests.first?.headerFields[.authorization] == "Bearer own")
        #expect(recorder.requests.first?.path == "/start?api_key=own")
    }

    @Test func requestCanOptOut() async throws {
        let recorder = Recorder()
        let client = recorder.client { $0.interceptors = [AuthorizationInterceptor.bearer { "t" }] }
        _ = try await client.send(Login())
        #expect(recorder.requests.first?.headerFields[.authorization] == nil)
    }

    @Test func failingProviderIsAnAuthenticationError() async throws {
        struct Locked: Error {}
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: UnreachableTransport(),
            interceptors: [AuthorizationInterceptor.bearer { throw Locked() }]
        )
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.kind == .authentication)
        #expect(error?.underlying is Locked)
    }

    @Test func tokenWithANewlineIsRejected() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: UnreachableTransport(),
            interceptors: [AuthorizationInterceptor.bearer { "abc\r\nX-Injected: 1" }]
        )
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.description.contains("X-Injected") == false)
    }

    @Test func nilOrEmptyTokenSendsNoHeaderRatherThanAnEmptyOne() async throws {
        let recorder = Recorder()
        let token = Locked<String?>(nil)
        let client = recorder.client { $0.interceptors = [AuthorizationInterceptor.bearer { token.withLock { $0 } }] }
        _ = try await client.send(StubRequest())
        token.withLock { $0 = "" }
        _ = try await client.send(StubRequest())
        token.withLock { $0 = "t" }
        _ = try await client.send(StubRequest())
        #expect(recorder.requests.map { $0.headerFields[.authorization] } == [nil, nil, "Bearer t"])
    }

    @Test func nilCredentialsSendNoBasicHeaderOrAPIKey() async throws {
        let recorder = Recorder()
        let keyName = HTTPField.Name("X-Api-Key")!
        let client = recorder.client {
            $0.interceptors = [
                AuthorizationInterceptor.basic { nil }, AuthorizationInterceptor.apiKey(header: keyName) { nil },
                AuthorizationInterceptor.apiKey(query: "api_key") { nil },
            ]
        }
        _ = try await client.send(StubRequest())
        let sent = try #require(recorder.requests.first)
        #expect(sent.headerFields[.authorization] == nil)
        #expect(sent.headerFields[keyName] == nil)
        #expect(sent.path == "/start")
    }
}
