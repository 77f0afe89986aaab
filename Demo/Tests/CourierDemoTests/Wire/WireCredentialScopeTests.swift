#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// A credential reaches only the origins it is scoped to, over every transport: as a user porting
    /// APIKit's "a base protocol per host" meets it, two servers on loopback, one client.
    @Suite("Wire: credential scope")
    struct WireCredentialScopeTests {
        /// `/echo` on a host of its own, as a base protocol per host gives it.
        struct EchoOn: APIRequest {
            typealias Response = Echo
            var baseURL: URL
            var method: HTTPRequest.Method { .get }
            var path: String { "/echo" }
        }

        static func interceptor(_ refreshing: Bool, scope: CredentialScope) -> any Interceptor {
            guard refreshing else { return AuthorizationInterceptor.bearer(scope: scope) { "s3cret" } }
            return RefreshingAuthorizationInterceptor.bearer(
                initial: BearerCredential(accessToken: "s3cret"), scope: scope
            ) { _ in BearerCredential(accessToken: "next") }
        }

        @Test(arguments: TransportKind.available, [false, true])
        func theSecondHostReceivesNoCredential(_ kind: TransportKind, refreshing: Bool) async throws {
            try await DemoServer.withRunning { first in
                try await DemoServer.withRunning { second in
                    let client = makeClient(kind, baseURL: first) {
                        $0.interceptors = [Self.interceptor(refreshing, scope: .clientOrigin)]
                    }
                    let own = try await client.send(EchoOn(baseURL: first))
                    let other = try await client.send(EchoOn(baseURL: second))
                    #expect(own.headers["authorization"] == "Bearer s3cret")
                    #expect(other.headers["authorization"] == nil, "the second host got \(other.headers)")
                }
            }
        }

        @Test(arguments: TransportKind.available, [false, true])
        func aListedHostReceivesTheCredential(_ kind: TransportKind, refreshing: Bool) async throws {
            try await DemoServer.withRunning { first in
                try await DemoServer.withRunning { second in
                    try await DemoServer.withRunning { third in
                        // No base URL on the client: each request names its host, as in the APIKit guide.
                        let client = APIClient(transport: kind.transport) {
                            $0.interceptors = [Self.interceptor(refreshing, scope: .origins(first, second))]
                        }
                        let echoes = [
                            try await client.send(EchoOn(baseURL: first)),
                            try await client.send(EchoOn(baseURL: second)),
                            try await client.send(EchoOn(baseURL: third)),
                        ]
                        #expect(echoes.map { $0.headers["authorization"] } == ["Bearer s3cret", "Bearer s3cret", nil])
                    }
                }
            }
        }
    }
#endif
