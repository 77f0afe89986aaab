#if Demo
    import Courier
    import CourierOpenAPI
    import DemoAPI
    import DemoOpenAPIClient
    import Foundation
    import OpenAPIRuntime
    import Testing

    /// Courier interceptors as the middleware of a generated client that keeps a transport of its own
    /// (here ``DirectTransport``: a Courier transport without the client's pipeline).
    @Suite("OpenAPI: InterceptorMiddleware")
    struct OpenAPIMiddlewareTests {
        static func client(
            _ kind: TransportKind, baseURL: URL, _ middlewares: [any ClientMiddleware]
        ) -> DemoOpenAPIClient.Client {
            Client(serverURL: baseURL, transport: DirectTransport(transport: kind.transport), middlewares: middlewares)
        }

        @Test(arguments: TransportKind.available)
        func retryInterceptorRetriesA503(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let retry = RetryInterceptor(policy: RetryPolicy(initialBackoff: .milliseconds(10)))
                let client = Self.client(kind, baseURL: baseURL, [InterceptorMiddleware(retry)])
                let key = "openapi-middleware-\(UUID().uuidString)"
                let hits = try await client.getFlaky(query: .init(key: key, failures: 2)).ok.body.json.hits
                #expect(hits == 3)
            }
        }

        @Test(arguments: TransportKind.available)
        func refreshingInterceptorRefreshesOnceForConcurrentCalls(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let authClient = Self.client(kind, baseURL: baseURL, [])
                // Login and refresh send a form: through Courier, since DirectTransport sends no bodies.
                let tokens = makeOpenAPIClient(kind, baseURL: baseURL)
                let form = Operations.Login.Input.Body.urlEncodedForm(.init(username: "bob", password: "secret"))
                let first = try await tokens.login(body: form).ok.body.json
                let second = try await tokens.login(body: form).ok.body.json
                let auth = RefreshingAuthorizationInterceptor.bearer(
                    initial: BearerCredential(accessToken: first.accessToken, refreshToken: second.refreshToken)
                ) { stale in
                    let fresh = try await tokens.refresh(
                        query: .init(delayMs: 100),
                        body: .urlEncodedForm(.init(refreshToken: stale?.refreshToken ?? ""))
                    ).ok.body.json
                    return BearerCredential(accessToken: fresh.accessToken, refreshToken: fresh.refreshToken)
                }
                let client = Self.client(kind, baseURL: baseURL, [InterceptorMiddleware(auth)])
                let seen = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<20 { group.addTask { try await client.getMe().ok.body.json.token } }
                    return try await group.reduce(into: Set<String>()) { $0.insert($1) }
                }
                #expect(try await authClient.getStats().ok.body.json.refreshes == 1)
                #expect(seen.count == 1)
            }
        }

        /// Fails every call with an error of its own.
        struct FailingInterceptor: Interceptor {
            struct Refused: Error {}

            func intercept(
                _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
            ) async throws -> InterceptorResponse {
                throw Refused()
            }
        }

        @Test(arguments: TransportKind.available)
        func anInterceptorsFailureIsAnAPIErrorInsideClientError(_ kind: TransportKind) async throws {
            struct NoToken: Error {}
            try await DemoServer.withRunning { baseURL in
                // An APIError of the interceptor's own, as it is.
                let auth = AuthorizationInterceptor.bearer { throw NoToken() }
                let client = Self.client(kind, baseURL: baseURL, [InterceptorMiddleware(auth)])
                let error = await #expect(throws: ClientError.self) { try await client.getMe() }
                #expect(apiError(error)?.kind == .authentication)
                // Any other error, as an interceptor failure.
                let failing = Self.client(kind, baseURL: baseURL, [InterceptorMiddleware(FailingInterceptor())])
                let other = await #expect(throws: ClientError.self) { try await failing.getMe() }
                #expect(apiError(other)?.kind == .interceptor)
                #expect(apiError(other)?.underlying is FailingInterceptor.Refused)
            }
        }
    }
#endif
