#if Demo
    import Courier
    import DemoAPI
    import Foundation

    /// `/cache/resource` with the caching fields a test asks for.
    struct CachedResource: APIRequest {
        typealias Response = CacheRoutes.Resource
        var method: HTTPRequest.Method { .get }
        var key: String
        var cacheControl = "max-age=60"
        var vary: String?
        var delay: Int?
        var eTag = true
        var headers: HTTPFields = [:]
        var options = RequestOptions()
        var timeout: Duration?
        var path: String { "/cache/resource" }
        var query: QueryParameters {
            ["key": key, "cache_control": cacheControl, "vary": vary, "delay_ms": delay, "etag": eTag ? nil : "0"]
        }
    }

    /// What the server saw of a key.
    struct CacheHitsRequest: APIRequest {
        typealias Response = CacheRoutes.Hits
        var method: HTTPRequest.Method { .get }
        var key: String
        var path: String { "/cache/hits" }
        var query: QueryParameters { ["key": key] }
    }

    /// Records every cache outcome, in order.
    final class OutcomeLog: Sendable {
        let outcomes = Locked<[CacheOutcome]>([])

        func record(_ outcome: CacheOutcome, _ requestName: String) {
            outcomes.withLock { $0.append(outcome) }
        }

        var all: [CacheOutcome] { outcomes.withLock { $0 } }

        func count(_ outcome: CacheOutcome) -> Int { all.filter { $0 == outcome }.count }
    }

    /// A fresh, empty directory for a disk store, removed by the caller.
    func temporaryCacheDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("courier-cache-\(UUID().uuidString)")
    }

    /// What the server saw of `key`, asked without a cache.
    func serverHits(_ kind: TransportKind, _ baseURL: URL, key: String) async throws -> CacheRoutes.Hits {
        try await makeClient(kind, baseURL: baseURL).send(CacheHitsRequest(key: key))
    }
#endif
