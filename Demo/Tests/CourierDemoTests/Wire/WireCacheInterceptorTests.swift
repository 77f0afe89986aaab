#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// The cache sees the request as the last interceptor passed it on, whatever their order.
    @Suite("Wire: cache and interceptors")
    struct WireCacheInterceptorTests {
        @Test(arguments: TransportKind.available)
        func clientsWhoseInterceptorsAddDifferentTokensNeverShareAnEntry(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let cache = ResponseCache()
                let key = "interceptor-tokens-\(kind)"
                let request = CachedResource(key: key, cacheControl: "private, max-age=60")
                func client(_ token: String) -> APIClient {
                    makeClient(kind, baseURL: baseURL) {
                        $0.interceptors = [AuthorizationInterceptor.bearer { token }, RetryInterceptor()]
                        $0.cache = cache
                    }
                }
                let alice = try await client("alice").send(request)
                let bob = try await client("bob").send(request)
                #expect(alice.caller == "Bearer alice")
                #expect(bob.caller == "Bearer bob")
                #expect(try await client("alice").send(request) == alice)
                #expect(try await serverHits(kind, baseURL, key: key).hits == 2)
            }
        }

        @Test(arguments: TransportKind.available)
        func aRequestSayingNoCacheRevalidatesAFreshEntry(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let log = OutcomeLog()
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache(observe: log.record) }
                var request = CachedResource(key: "request-no-cache-\(kind)")
                _ = try await client.send(request)
                request.headers = [.cacheControl: "no-cache"]
                #expect(try await client.send(request).served == 1)
                #expect(log.all == [.miss, .revalidated])
                #expect(try await serverHits(kind, baseURL, key: request.key).notModified == 1)
            }
        }
    }
#endif
