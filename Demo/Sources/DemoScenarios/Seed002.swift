#if Demo
    import Courier
    import CourierCombine
    import Foundation
    import OpenCombineShim

    /// Seed 002: APIKit-style base protocol per host, an authorization proxy with a token provider,
    /// `AnyPublisher<Response, APIError>`.
    enum Seed002 {
        /// The host's base protocol: shared headers and decoder come from a protocol extension.
        protocol DemoAPIRequest: APIRequest {}

        struct LoginRequest: DemoAPIRequest {
            typealias Response = Token
            var method: HTTPRequest.Method { .post }
            var path: String { "/login" }
            var body: RequestBody? { .form(["username": "bob", "password": "secret"]) }
            var options: RequestOptions { RequestOptions().with(\.skipsAuthorization, true) }
        }

        struct RefreshRequest: DemoAPIRequest {
            typealias Response = Token
            let refreshToken: String
            var method: HTTPRequest.Method { .post }
            var path: String { "/refresh" }
            var body: RequestBody? { .form(["refresh_token": refreshToken]) }
        }

        struct MeRequest: DemoAPIRequest {
            struct Me: Decodable, Sendable {
                var name: String
                var token: String
            }
            typealias Response = Me
            var method: HTTPRequest.Method { .get }
            var path: String { "/me" }
        }

        struct NotFoundRequest: DemoAPIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .get }
            var path: String { "/status/404" }
        }

        static let scenarios = [
            Scenario(seed: "002", name: "8 calls with a stale token, one refresh", style: .combine, run: staleToken),
            Scenario(seed: "002", name: "404 decoded into the API's error type", style: .asyncAwait, run: errorBody),
        ]

        static func staleToken(_ environment: DemoEnvironment) async -> Outcome {
            let plain = environment.client()
            let stale: Token
            let current: Token
            do throws(APIError) {
                stale = try await plain.send(LoginRequest())
                current = try await plain.send(LoginRequest())  // a second login makes the first token stale
            } catch {
                return .failed(error)
            }
            let auth = RefreshingAuthorizationInterceptor.bearer(
                initial: BearerCredential(accessToken: stale.accessToken, refreshToken: current.refreshToken)
            ) { credential in
                let token = try await plain.send(RefreshRequest(refreshToken: credential?.refreshToken ?? ""))
                return BearerCredential(accessToken: token.accessToken, refreshToken: token.refreshToken)
            }
            let client = environment.client([auth])
            let calls: [AnyPublisher<MeRequest.Me, APIError>] = (0..<8).map { _ in client.publisher(for: MeRequest()) }
            let outcome: Outcome = await waitForSink { finish in
                Publishers.Sequence<[AnyPublisher<MeRequest.Me, APIError>], APIError>(sequence: calls)
                    .flatMap { $0 }
                    .collect()
                    .sink(
                        receiveCompletion: { completion in
                            if case .failure(let error) = completion { finish(.failed(error)) }
                        },
                        receiveValue: { responses in
                            let tokens = Set(responses.map { $0.token })
                            finish(
                                responses.count == 8 && tokens.count == 1
                                    ? .expected("8 of 8 succeeded with one new token")
                                    : .unexpected("\(responses.count) responses, \(tokens.count) tokens")
                            )
                        }
                    )
            }
            return outcome
        }

        static func errorBody(_ environment: DemoEnvironment) async -> Outcome {
            do throws(APIError) {
                _ = try await environment.client().send(NotFoundRequest())
                return .unexpected("no error")
            } catch {
                guard let problem = error.decodeBody(as: ServerProblem.self) else { return .failed(error) }
                return .expected("\(error.status?.code ?? 0): \(problem.error)")
            }
        }
    }

    // As the seed writes it: a non-optional decoder, and the same headers on every request —
    // including `Content-Type: application/json` (the form-encoded login still goes out as a form)
    // and `Accept-Encoding: gzip` (decompressed on every transport).
    extension Seed002.DemoAPIRequest {
        var headers: HTTPFields {
            [
                .accept: "application/json", .acceptEncoding: "gzip", .contentType: "application/json",
                HTTPField.Name("X-Demo-Client")!: "seed-002",
            ]
        }
        var decoder: JSONDecoder { .snakeCase }
    }
#endif
