#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// Identical calls in flight share one request on the wire, over every transport.
    @Suite("Wire: coalescing")
    struct WireCoalescingTests {
        @Test(arguments: TransportKind.available)
        func fiftyConcurrentIdenticalGetsReachTheServerOnce(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let log = OutcomeLog()
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache(observe: log.record) }
                // no-store: nothing is kept, so only coalescing can spare the server.
                let request = CachedResource(key: "fifty-\(kind)", cacheControl: "no-store", delay: 3000)
                let results = try await withThrowingTaskGroup(of: CacheRoutes.Resource.self) { group in
                    for _ in 0..<50 { group.addTask { try await client.send(request) } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(results.count == 50)
                #expect(results.allSatisfy { $0.served == 1 })
                #expect(try await serverHits(kind, baseURL, key: request.key).hits == 1)
                #expect(log.count(.miss) == 1)
                #expect(log.count(.coalesced) == 49)
            }
        }

        @Test(arguments: TransportKind.available)
        func aCancelledCallerLeavesAloneAndTheOthersGetTheResponse(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache() }
                let request = CachedResource(key: "leave-\(kind)", cacheControl: "no-store", delay: 3000)
                let leaving = Task { try await client.send(request) }
                let staying = (0..<3).map { _ in Task { try await client.send(request) } }
                try await Task.sleep(for: .milliseconds(300))
                leaving.cancel()
                let error = await #expect(throws: APIError.self) { try await leaving.value }
                #expect(error?.kind == .cancelled)
                for task in staying { #expect(try await task.value.served == 1) }
                #expect(try await serverHits(kind, baseURL, key: request.key).hits == 1)
            }
        }

        @Test(arguments: TransportKind.available)
        func aRequestThatOptsOutIsSentOnItsOwn(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL) { $0.cache = ResponseCache() }
                var request = CachedResource(key: "opt-out-\(kind)", cacheControl: "no-store", delay: 500)
                request.options = RequestOptions().with(\.coalescesRequests, false)
                async let first = client.send(request)
                async let second = client.send(request)
                _ = try await (first, second)
                #expect(try await serverHits(kind, baseURL, key: request.key).hits == 2)
            }
        }
    }
#endif
