#if Demo
    import Courier
    import CourierTesting
    import DemoAPI
    import Foundation
    import Logging
    import Testing

    @Suite("LoggingInterceptor")
    struct LoggingInterceptorTests {
        @Test func logsOneInfoLinePerRequest() async throws {
            let capture = LogCapture()
            let client = APIClient(
                baseURL: URL(string: "https://api.example.com")!,
                transport: StubTransport { _, _ in .json("{}") },
                interceptors: [LoggingInterceptor()]
            ) { $0.logger = capture.logger(level: .info) }
            _ = try await client.send(StubRequest(query: ["q": "x"]))
            let lines = capture.lines
            #expect(lines.count == 1)
            #expect(lines.first?.level == .info)
            #expect(lines.first?.message.hasPrefix("GET https://api.example.com/start?q=x → 200 OK in ") == true)
            // Then what the call's report says: one request, no body sent, 2 bytes received.
            #expect(lines.first?.message.hasSuffix("ms (attempt 1; 1 request, 0 B sent, 2 B received)") == true)
            #expect(lines.first?.metadata.contains("courier.requests=1") == true)
            #expect(lines.first?.metadata.contains("http.request.headers") == false)
        }

        @Test func debugAddsHeadersAndBodiesAndFailuresAreLogged() async throws {
            let capture = LogCapture()
            let client = APIClient(
                baseURL: URL(string: "https://api.example.com")!,
                transport: StubTransport { _, _ in .json(#"{"error":"nope"}"#, status: .badRequest) },
                interceptors: [LoggingInterceptor(bodyLimit: 8)]
            ) { $0.logger = capture.logger(level: .debug) }
            _ = try? await client.send(
                StubRequest(method: .post, headers: [HTTPField.Name("X-Trace")!: "t1"], body: .json(["a": 1])))
            let line = try #require(capture.lines.first)
            #expect(line.message.contains("→ 400 Bad Request"))
            #expect(line.metadata.contains("x-trace: t1") || line.metadata.contains("X-Trace: t1"))
            #expect(line.metadata.contains(#"http.request.body={"a":1}"#))
            #expect(line.metadata.contains(#"http.response.body={"error"… (16 bytes)"#))
        }

        /// An authenticated, redirected, failing request against the demo server: no log line, at
        /// any level, carries a secret.
        @Test(arguments: TransportKind.available)
        func noSecretReachesTheLog(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let capture = LogCapture()
                let client = makeClient(kind, baseURL: baseURL) {
                    $0.interceptors = [
                        RetryInterceptor(policy: RetryPolicy(initialBackoff: .milliseconds(1))),
                        AuthorizationInterceptor.bearer { "s3cret-bearer" },
                        AuthorizationInterceptor.apiKey(query: "api_key") { "s3cret-key" },
                        LoggingInterceptor(),
                    ]
                    $0.logger = capture.logger(level: .trace)
                }
                struct Failing: APIRequest {
                    typealias Response = EmptyResponse
                    var method: HTTPRequest.Method { .get }
                    var path: String { "/redirect" }
                    var query: QueryParameters { ["status": 307, "to": "/flaky?key=\(UUID().uuidString)&failures=9"] }
                    var headers: HTTPFields { [.cookie: "session=s3cret-cookie"] }
                }
                let error = await #expect(throws: APIError.self) { try await client.send(Failing()) }
                #expect(error?.status == .serviceUnavailable)

                struct Token: Decodable, Sendable {
                    var accessToken: String
                    var refreshToken: String
                }
                struct Login: APIRequest {
                    typealias Response = Token
                    var method: HTTPRequest.Method { .post }
                    var path: String { "/login" }
                    var body: RequestBody? { .form(["username": "bob", "password": "secret"]) }
                    var options: RequestOptions { RequestOptions().with(\.skipsAuthorization, true) }
                    var decoder: JSONDecoder? { .snakeCase }
                }
                let token = try await client.send(Login())

                let text = capture.text
                #expect(capture.lines.filter { $0.level == .info }.count == 4)  // 3 attempts + login
                #expect(text.contains("Following a redirect"))
                #expect(text.contains("Retrying in"))
                for secret in ["s3cret", "=secret", token.accessToken, token.refreshToken] {
                    #expect(!text.contains(secret), "\(secret) leaked into: \(text)")
                }
                #expect(error.map { !$0.description.contains("s3cret") } == true)
            }
        }
    }
#endif
