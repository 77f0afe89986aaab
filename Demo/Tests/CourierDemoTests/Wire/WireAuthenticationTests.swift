#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// Seed 002's token flow against the demo server: login, then 25 concurrent calls with a stale
    /// token, over every transport.
    @Suite("Wire: authentication")
    struct WireAuthenticationTests {
        struct Token: Decodable, Sendable {
            var accessToken: String
            var refreshToken: String
            var expiresIn: Int
        }

        struct Login: APIRequest {
            typealias Response = Token
            var method: HTTPRequest.Method { .post }
            var path: String { "/login" }
            var body: RequestBody? { .form(["username": "bob", "password": "secret"]) }
            var decoder: JSONDecoder? { .snakeCase }
            var options: RequestOptions { RequestOptions().with(\.skipsAuthorization, true) }
        }

        struct Refresh: APIRequest {
            typealias Response = Token
            var refreshToken: String
            var method: HTTPRequest.Method { .post }
            var path: String { "/refresh" }
            var query: QueryParameters { ["delay_ms": 100] }
            var body: RequestBody? { .form(["refresh_token": refreshToken]) }
            var decoder: JSONDecoder? { .snakeCase }
        }

        struct Me: APIRequest {
            struct Body: Decodable, Sendable {
                var name: String
                var token: String
            }
            typealias Response = Body
            var method: HTTPRequest.Method { .get }
            var path: String { "/me" }
        }

        @Test(arguments: TransportKind.available)
        func concurrentCallsWithAStaleTokenRefreshExactlyOnce(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let authClient = makeClient(kind, baseURL: baseURL)
                let first = try await authClient.send(Login())
                // Log in again elsewhere: the first access token is now stale, its refresh token too.
                let second = try await authClient.send(Login())
                let auth = RefreshingAuthorizationInterceptor.bearer(
                    initial: BearerCredential(accessToken: first.accessToken, refreshToken: second.refreshToken)
                ) { stale in
                    let token = try await authClient.send(Refresh(refreshToken: stale?.refreshToken ?? ""))
                    return BearerCredential(accessToken: token.accessToken, refreshToken: token.refreshToken)
                }
                let client = makeClient(kind, baseURL: baseURL) { $0.interceptors = [auth] }

                let tokens = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<25 { group.addTask { try await client.send(Me()).token } }
                    return try await group.reduce(into: Set<String>()) { $0.insert($1) }
                }
                let stats = try await authClient.send(StatsRequest())
                #expect(stats.refreshes == 1)
                #expect(stats.logins == 2)
                #expect(tokens.count == 1)
                #expect(tokens.first == (await auth.credential)?.accessToken)
            }
        }

        @Test(arguments: TransportKind.available)
        func failedRefreshIsOneAuthenticationError(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let authClient = makeClient(kind, baseURL: baseURL)
                let auth = RefreshingAuthorizationInterceptor.bearer(
                    initial: BearerCredential(accessToken: "forged", refreshToken: "forged")
                ) { stale in
                    let token = try await authClient.send(Refresh(refreshToken: stale?.refreshToken ?? ""))
                    return BearerCredential(accessToken: token.accessToken, refreshToken: token.refreshToken)
                }
                let client = makeClient(kind, baseURL: baseURL) { $0.interceptors = [auth] }
                let error = try #require(await #expect(throws: APIError.self) { try await client.send(Me()) })
                #expect(error.kind == .authentication)
                let cause = try #require(error.underlying as? APIError)
                #expect(cause.status == .unauthorized)
                #expect(!error.description.contains("forged"))
            }
        }

        struct BasicProtected: APIRequest {
            typealias Response = Me.Body
            var method: HTTPRequest.Method { .get }
            var path: String { "/basic" }
        }

        /// A 401 with `WWW-Authenticate: Basic` reaches the caller at once as a status, over every
        /// transport (URLSession used to hold the task until the timeout waiting for a credential).
        @Test(arguments: TransportKind.available)
        func wrongBasicCredentialsFailAtOnceWithTheStatus(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                for password in ["wrong", nil] as [String?] {
                    let interceptors: [any Interceptor] =
                        password.map { password in [AuthorizationInterceptor.basic { ("bob", password) }] } ?? []
                    // A task held until the deadline would end as a timeout (a status read after the
                    // deadline is one): the kind, not this test's clock, says the 401 came at once.
                    let client = makeClient(kind, baseURL: baseURL) {
                        $0.interceptors = interceptors
                        $0.timeout = .seconds(60)
                    }
                    let error = await #expect(throws: APIError.self) { try await client.send(BasicProtected()) }
                    #expect(error?.kind == .unacceptableStatus)
                    #expect(error?.status == .unauthorized)
                    #expect(
                        error?.body.map { String(decoding: $0, as: UTF8.self) }?.contains("wrong or missing") == true)
                }
                let client = makeClient(kind, baseURL: baseURL) {
                    $0.interceptors = [AuthorizationInterceptor.basic { ("bob", "secret") }]
                }
                let me = try await client.send(BasicProtected())
                #expect(me.name == "Bob")
            }
        }
    }
#endif
