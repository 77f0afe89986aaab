#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// The response cache against the demo server, over every transport: fresh hits, revalidation,
    /// `no-store`, `Vary` and credentials.
    @Suite("Wire: cache")
    struct WireCacheTests {
        @Test(arguments: TransportKind.available)
        func aFreshStoredResponseAnswersWithoutSendingAnything(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let log = OutcomeLog()
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache(observe: log.record) }
                let request = CachedResource(key: "fresh-\(kind)")
                let first = try await client.send(request)
                let second = try await client.send(request)
                #expect(second == first)
                #expect(try await serverHits(kind, baseURL, key: request.key).hits == 1)
                #expect(log.all == [.miss, .hit])
            }
        }

        @Test(arguments: TransportKind.available)
        func aStaleEntryRevalidatesWithIfNoneMatchAndA304ReturnsTheStoredBodyAs200(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let log = OutcomeLog()
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache(observe: log.record) }
                let request = CachedResource(key: "stale-\(kind)", cacheControl: "max-age=0")
                let first = try await client.response(for: request)
                let second = try await client.response(for: request)
                #expect(second.response.status == .ok)
                #expect(second.value == first.value)
                #expect(second.value.served == 1)  // the server sent the body once
                #expect(second.response.headerFields[.eTag] == "\"v1\"")
                let hits = try await serverHits(kind, baseURL, key: request.key)
                #expect(hits == CacheRoutes.Hits(hits: 2, notModified: 1, conditional: 1))
                #expect(log.all == [.miss, .revalidated])
                // The call's report says so too.
                #expect(first.report?.cacheOutcome == .miss)
                #expect(second.report?.cacheOutcome == .revalidated)
                #expect(second.report?.attempts.map(\.status) == [.notModified])
            }
        }

        @Test(arguments: TransportKind.available)
        func lastModifiedAloneRevalidatesWithIfModifiedSince(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let log = OutcomeLog()
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache(observe: log.record) }
                let request = CachedResource(key: "modified-\(kind)", cacheControl: "no-cache", eTag: false)
                _ = try await client.send(request)
                let second = try await client.send(request)
                #expect(second.served == 1)
                let hits = try await serverHits(kind, baseURL, key: request.key)
                #expect(hits == CacheRoutes.Hits(hits: 2, notModified: 1, conditional: 0))
                #expect(log.all == [.miss, .revalidated])
            }
        }

        @Test(arguments: TransportKind.available)
        func aNoStoreResponseIsNeverStored(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let storage = MemoryCacheStorage()
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache(storage: storage) }
                let request = CachedResource(key: "no-store-\(kind)", cacheControl: "no-store, max-age=60")
                _ = try await client.send(request)
                let second = try await client.send(request)
                #expect(second.served == 2)
                #expect(try await serverHits(kind, baseURL, key: request.key).conditional == 0)
                #expect(await storage.byteCount == 0)
            }
        }

        @Test(arguments: TransportKind.available)
        func varySeparatesEntriesByTheRequestsOwnValues(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let log = OutcomeLog()
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache(observe: log.record) }
                let key = "vary-\(kind)"
                func request(_ language: String) -> CachedResource {
                    CachedResource(key: key, vary: "Accept-Language", headers: [.acceptLanguage: language])
                }
                let english = try await client.send(request("en"))
                let french = try await client.send(request("fr"))
                let englishAgain = try await client.send(request("en"))
                let frenchAgain = try await client.send(request("fr"))
                #expect(english.variant == "en")
                #expect(french.variant == "fr")
                #expect(englishAgain == english)
                #expect(frenchAgain == french)
                #expect(try await serverHits(kind, baseURL, key: key).hits == 2)
                #expect(log.all == [.miss, .miss, .hit, .hit])
            }
        }

        @Test(arguments: TransportKind.available)
        func twoCredentialsNeverShareAnEntry(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let cache = ResponseCache()
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = cache }
                let key = "credentials-\(kind)"
                func request(_ token: String) -> CachedResource {
                    CachedResource(
                        key: key, cacheControl: "private, max-age=60", headers: [.authorization: "Bearer \(token)"])
                }
                let alice = try await client.send(request("alice"))
                let bob = try await client.send(request("bob"))
                #expect(alice.caller == "Bearer alice")
                #expect(bob.caller == "Bearer bob")
                // Each one's own entry answers again, and never the other's.
                #expect(try await client.send(request("alice")) == alice)
                #expect(try await client.send(request("bob")) == bob)
                #expect(try await serverHits(kind, baseURL, key: key).hits == 2)
            }
        }

        @Test(arguments: TransportKind.available)
        func anAuthorizedResponseWithoutPrivateOrPublicIsStoredOnlyWhenTheRequestOptsIn(_ kind: TransportKind)
            async throws
        {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache() }
                let key = "authorized-\(kind)"
                let plain = CachedResource(key: key, headers: [.authorization: "Bearer carol"])
                _ = try await client.send(plain)
                _ = try await client.send(plain)
                #expect(try await serverHits(kind, baseURL, key: key).hits == 2)
                var optedIn = plain
                optedIn.options = RequestOptions().with(\.cachesAuthorizedResponses, true)
                _ = try await client.send(optedIn)
                _ = try await client.send(optedIn)
                #expect(try await serverHits(kind, baseURL, key: key).hits == 3)
            }
        }

        @Test(arguments: TransportKind.available)
        func requestPoliciesReloadAndOnlyIfCached(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache() }
                var request = CachedResource(key: "policies-\(kind)")
                request.options = RequestOptions().with(\.cachePolicy, .onlyIfCached)
                let error = await #expect(throws: APIError.self) { try await client.send(request) }
                #expect(error?.kind == .notCached)
                #expect(try await serverHits(kind, baseURL, key: request.key).hits == 0)
                request.options = RequestOptions()
                _ = try await client.send(request)
                request.options = RequestOptions().with(\.cachePolicy, .reload)
                #expect(try await client.send(request).served == 2)
                request.options = RequestOptions().with(\.cachePolicy, .onlyIfCached)
                #expect(try await client.send(request).served == 2)  // the reloaded response was stored
                #expect(try await serverHits(kind, baseURL, key: request.key).hits == 2)
            }
        }

        @Test(arguments: TransportKind.available)
        func staleIfErrorServesTheStoredBodyWhenTheServerFails(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let log = OutcomeLog()
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache(observe: log.record) }
                var request = CachedResource(
                    key: "stale-if-error-\(kind)", cacheControl: "max-age=0, stale-if-error=600")
                let first = try await client.send(request)
                request.headers = [HTTPField.Name("X-Status")!: "503"]
                #expect(try await client.send(request) == first)
                #expect(log.all == [.miss, .stale])
            }
        }

        @Test(arguments: TransportKind.available)
        func aSuccessfulPostRemovesTheStoredResponse(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache() }
                let request = CachedResource(key: "invalidate-\(kind)")
                _ = try await client.send(request)
                _ = try await client.send(
                    RawRequest(
                        method: .post, path: "/cache/resource",
                        query: ["key": request.key, "cache_control": "max-age=60"]))
                #expect(try await client.send(request).served == 2)
            }
        }
    }
#endif
