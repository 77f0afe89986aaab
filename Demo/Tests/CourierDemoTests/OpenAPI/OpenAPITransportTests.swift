#if Demo
    import Courier
    import CourierOpenAPI
    import DemoAPI
    import DemoOpenAPIClient
    import Foundation
    import OpenAPIRuntime
    import Testing

    /// The generated example client over `CourierClientTransport`, against the demo API, over every
    /// transport.
    @Suite("OpenAPI: CourierClientTransport")
    struct OpenAPITransportTests {
        @Test(arguments: TransportKind.available)
        func typedSuccess(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeOpenAPIClient(kind, baseURL: baseURL)
                let users = try await client.listUsers().ok.body.json.data
                #expect(users.map(\.name) == ["Bob", "Sam"])
                let todos = try await client.listTodos().ok.body.json
                #expect(todos.count == 3)
                #expect(todos.first?.title == "delectus aut autem")
            }
        }

        @Test(arguments: TransportKind.available)
        func documentedErrorResponseIsTheTypedCase(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeOpenAPIClient(kind, baseURL: baseURL)
                let notFound = try await client.getStatus(path: .init(code: 404)).notFound.body.json
                #expect(notFound.code == 404)
                guard case .default(let status, let other) = try await client.getStatus(path: .init(code: 418)) else {
                    Issue.record("expected the default response")
                    return
                }
                #expect(status == 418)
                #expect(try other.body.json.code == 418)
            }
        }

        @Test(arguments: TransportKind.available)
        func failuresAreAPIErrorsInsideClientError(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                // The body limit applies to the generated client's calls.
                let client = makeOpenAPIClient(kind, baseURL: baseURL) { $0.maximumBodySize = 16 }
                let error = await #expect(throws: ClientError.self) { try await client.listTodos() }
                #expect(apiError(error)?.kind == .bodyTooLarge)
                #expect(apiError(error)?.requestName == Operations.ListTodos.id)
            }
        }

        @Test(arguments: TransportKind.available)
        func twentyConcurrentCallsWithAStaleTokenRefreshOnce(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                // Login and refresh go through a client without the refreshing interceptor.
                let authClient = makeOpenAPIClient(kind, baseURL: baseURL)
                let form = Operations.Login.Input.Body.urlEncodedForm(.init(username: "bob", password: "secret"))
                let first = try await authClient.login(body: form).ok.body.json
                // Log in again elsewhere: the first access token is now stale.
                let second = try await authClient.login(body: form).ok.body.json
                let auth = RefreshingAuthorizationInterceptor.bearer(
                    initial: BearerCredential(accessToken: first.accessToken, refreshToken: second.refreshToken)
                ) { stale in
                    let tokens = try await authClient.refresh(
                        query: .init(delayMs: 100),
                        body: .urlEncodedForm(.init(refreshToken: stale?.refreshToken ?? ""))
                    ).ok.body.json
                    return BearerCredential(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken)
                }
                let client = makeOpenAPIClient(kind, baseURL: baseURL) { $0.interceptors = [auth] }
                let tokens = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<20 { group.addTask { try await client.getMe().ok.body.json.token } }
                    return try await group.reduce(into: Set<String>()) { $0.insert($1) }
                }
                let stats = try await authClient.getStats().ok.body.json
                #expect(stats.refreshes == 1)
                #expect(stats.logins == 2)
                #expect(tokens.count == 1)
                #expect(tokens.first == (await auth.credential)?.accessToken)
            }
        }

        @Test(arguments: TransportKind.available)
        func retriesA503AfterItsRetryAfter(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeOpenAPIClient(kind, baseURL: baseURL) { $0.interceptors = [RetryInterceptor()] }
                let key = "openapi-retry-\(UUID().uuidString)"
                let started = ContinuousClock.now
                let hits = try await client.getFlaky(query: .init(key: key, failures: 1, retryAfter: 1)).ok.body.json
                    .hits
                #expect(hits == 2)
                // Retry-After: 1 (the default backoff would be half a second).
                #expect(started.duration(to: .now) >= .milliseconds(900))
                #expect(try await client.getHits(query: .init(key: key)).ok.body.json.hits == 2)
            }
        }

        @Test(arguments: TransportKind.available)
        func crossOriginRedirectDropsAuthorization(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { origin in
                try await DemoServer.withRunning { other in
                    let client = makeOpenAPIClient(kind, baseURL: origin) {
                        $0.interceptors = [AuthorizationInterceptor.bearer { "s3cret" }]
                    }
                    let sameOrigin = try await client.redirect(query: .init(to: "/echo/home", status: 302)).ok.body.json
                    #expect(sameOrigin.path == "/echo/home")
                    #expect(sameOrigin.headers.additionalProperties["authorization"] == "Bearer s3cret")
                    let target = other.absoluteString + "/echo/away"
                    let crossOrigin = try await client.redirect(query: .init(to: target, status: 302)).ok.body.json
                    #expect(crossOrigin.path == "/echo/away")
                    #expect(crossOrigin.headers.additionalProperties["authorization"] == nil)
                }
            }
        }

        struct Token: Decodable, Hashable, Sendable {
            var index: Int
            var text: String
        }

        @Test(arguments: TransportKind.available)
        func serverSentEventsAndJSONLinesStreamThroughTheGeneratedClient(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeOpenAPIClient(
                    kind, baseURL: baseURL, streaming: [Operations.StreamTokens.id, Operations.ExportLines.id])
                let events = try await client.streamTokens(query: .init(count: 30)).ok.body.textEventStream
                var indices: [Int] = []
                for try await event in events.asDecodedServerSentEventsWithJSONData(of: Token.self) {
                    if let token = event.data { indices.append(token.index) }
                }
                #expect(indices == Array(0..<30))
                let lines = try await client.exportLines(query: .init(count: 300)).ok.body.applicationXNdjson
                var numbers: [Int] = []
                for try await line in lines.asDecodedJSONLines(of: Components.Schemas.Line.self) {
                    numbers.append(line.n)
                }
                #expect(numbers == Array(1...300))
            }
        }

        @Test(arguments: TransportKind.available, [false, true])
        func theDeadlineCoversASlowBody(_ kind: TransportKind, streams: Bool) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeOpenAPIClient(
                    kind, baseURL: baseURL, streaming: streams ? [Operations.DownloadSlowBody.id] : []
                ) { $0.timeout = .milliseconds(500) }
                let error = await #expect(throws: (any Error).self) {
                    // Ten minutes of body against a 500 ms deadline.
                    let body = try await client.downloadSlowBody(query: .init(bytes: 6000, intervalMs: 100)).ok.body
                        .binary
                    for try await _ in body {}
                }
                // A streamed body fails as it is read, outside the generated client, with a bare
                // APIError; unless the deadline passed before the head arrived (a loaded machine).
                #expect(apiError(error)?.kind == .timeout)
                // The client left before the body's end: the demo server says so, not this test's
                // clock (CI runs took 7.1 s to end a 10 s body's call).
                let stats = try await statsOnceStreamsEnded(makeClient(kind, baseURL: baseURL))
                #expect(stats.streamsCompleted == 0)
                #expect(stats.streamsAbandoned == stats.slowBodiesStarted)
            }
        }
    }
#endif
