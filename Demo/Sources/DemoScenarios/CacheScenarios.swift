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
        var query: Query { ["key": key, "cache_control": cacheControl, "delay_ms": delay] }
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
        var query: Query { ["key": key] }
    }

    /// The cache outcomes seen, in order.
    actor Outcomes {
        var all: [CacheOutcome] = []
        func append(_ outcome: CacheOutcome) { all.append(outcome) }
    }

    static let scenarios = [
        Scenario(seed: "new", name: "HTTP cache: a 304 revalidates, 10 concurrent calls coalesce", style: .asyncAwait) {
            environment in
            let outcomes = Outcomes()
            var configured = environment.client()
            configured.configuration.cache = ResponseCache { outcome, _ in Task { await outcomes.append(outcome) } }
            let client = configured
            let key = UUID().uuidString
            do {
                // max-age=0: stored, but stale at once, so the second call asks with If-None-Match.
                let stale = ResourceRequest(key: "\(key)-etag", cacheControl: "max-age=0")
                let first = try await client.send(stale)
                let second = try await client.send(stale)
                let revalidation = try await client.send(HitsRequest(key: stale.key))
                // no-store: nothing is kept, so only coalescing spares the server.
                let slow = ResourceRequest(key: "\(key)-slow", cacheControl: "no-store", delay: 500)
                let results = try await withThrowingTaskGroup(of: Resource.self) { group in
                    for _ in 0..<10 { group.addTask { try await client.send(slow) } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let coalesced = try await client.send(HitsRequest(key: slow.key))
                try await Task.sleep(for: .milliseconds(50))  // let the last outcomes land
                let seen = await outcomes.all
                let summary =
                    "second call: \(revalidation.notModified == 1 ? "304" : "no 304"), body served "
                    + "\(second.served == 1 ? "once" : "twice"); 10 concurrent calls → \(coalesced.hits) on the wire; "
                    + "outcomes: \(seen.filter { $0 == .revalidated }.count) revalidated, "
                    + "\(seen.filter { $0 == .coalesced }.count) coalesced"
                let expected =
                    second == first && revalidation.hits == 2 && revalidation.notModified == 1
                    && results.count == 10 && coalesced.hits == 1
                return expected ? .expected(summary) : .unexpected(summary)
            } catch {
                return .failed(error)
            }
        }
    ]
}
