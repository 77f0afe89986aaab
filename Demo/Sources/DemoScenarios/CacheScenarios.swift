#if Demo
    import Courier
    import Foundation

    /// Beyond the seeds: the HTTP cache — a second call revalidated by a `304`, and concurrent calls
    /// coalesced into one.
    enum CacheScenarios {
        struct Resource: Decodable, Sendable, Equatable {
            var key: String
            var version: Int
            var served: Int
        }

        struct ResourceRequest: APIRequest {
            typealias Response = Resource
            var method: HTTPRequest.Method { .get }
            var key: String
            var cacheControl: String
            var delay: Int?
            var path: String { "/cache/resource" }
            var query: QueryParameters { ["key": key, "cache_control": cacheControl, "delay_ms": delay] }
        }

        struct Hits: Decodable, Sendable {
            var hits: Int
            var notModified: Int
        }

        struct HitsRequest: APIRequest {
            typealias Response = Hits
            var method: HTTPRequest.Method { .get }
            var key: String
            var path: String { "/cache/hits" }
            var query: QueryParameters { ["key": key] }
        }

        /// The cache outcomes seen, in order.
        // @unchecked Sendable: `outcomes` is only read or written while `lock` is held.
        final class Outcomes: @unchecked Sendable {
            private let lock = NSLock()
            private var outcomes: [CacheOutcome] = []

            func append(_ outcome: CacheOutcome) {
                lock.withLock { outcomes.append(outcome) }
            }

            var all: [CacheOutcome] { lock.withLock { outcomes } }
        }

        static let scenarios = [
            Scenario(
                seed: "new", name: "HTTP cache: a 304 revalidates, 10 concurrent calls coalesce", style: .asyncAwait
            ) {
                environment in
                let outcomes = Outcomes()
                var configured = environment.client()
                configured.configuration.cache = ResponseCache { outcome, _ in outcomes.append(outcome) }
                let client = configured
                let key = UUID().uuidString
                do {
                    // max-age=0: stored, but stale at once, so the second call asks with If-None-Match.
                    let stale = ResourceRequest(key: "\(key)-etag", cacheControl: "max-age=0")
                    let first = try await client.send(stale)
                    let second = try await client.send(stale)
                    let revalidation = try await client.send(HitsRequest(key: stale.key))
                    // no-store: nothing is kept, so only coalescing spares the server.
                    let slow = ResourceRequest(key: "\(key)-slow", cacheControl: "no-store", delay: 1000)
                    let results = try await withThrowingTaskGroup(of: Resource.self) { group in
                        for _ in 0..<10 { group.addTask { try await client.send(slow) } }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    let coalesced = try await client.send(HitsRequest(key: slow.key))
                    let seen = outcomes.all
                    let summary =
                        "\(revalidation.notModified == 1 ? "304" : "no 304") → stored body; 10 concurrent → "
                        + "\(coalesced.hits) request (\(seen.filter { $0 == .coalesced }.count) coalesced)"
                    let expected =
                        second == first && revalidation.hits == 2 && revalidation.notModified == 1
                        && results.count == 10 && coalesced.hits == 1 && seen.filter { $0 == .coalesced }.count == 9
                    return expected ? .expected(summary) : .unexpected(summary)
                } catch {
                    return .failed(error)
                }
            }
        ]
    }
#endif
