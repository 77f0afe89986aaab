#if Demo
    import Foundation
    import Hummingbird
    import NIOCore

    /// Endpoints for HTTP caching: validators (`ETag`, `Last-Modified`), `Cache-Control`, `Vary`, a
    /// slow variant for coalescing, and hit counters.
    package enum CacheRoutes {
        /// The body of `/cache/resource`.
        package struct Resource: Codable, Sendable, Equatable {
            /// The key asked for.
            package var key: String
            /// The resource's version (its `ETag` is `"v<version>"`).
            package var version: Int
            /// Which full response (not a `304`) of this key this is, from 1.
            package var served: Int
            /// The request's value of the field named by `vary`, if any.
            package var variant: String?
            /// The request's `Authorization`, for tests of credential separation (fake tokens only).
            package var caller: String?
        }

        /// What `/cache/hits` reports.
        package struct Hits: Codable, Sendable, Equatable {
            /// Every request that reached the server for the key.
            package var hits: Int
            /// Of those, the ones answered `304 Not Modified`.
            package var notModified: Int
            /// Of those, the ones that carried `If-None-Match`.
            package var conditional: Int

            /// Creates counts.
            package init(hits: Int, notModified: Int, conditional: Int) {
                self.hits = hits
                self.notModified = notModified
                self.conditional = conditional
            }
        }

        typealias FieldName = HTTPFields.Element.Name

        /// The fixed `Last-Modified` of every resource.
        static let lastModified = "Mon, 02 Nov 2026 08:00:00 GMT"

        static func add(to router: Router<BasicRequestContext>, state: DemoState) {
            router.get("cache/resource") { request, _ in try await resource(request, state: state) }
            router.on("cache/resource", method: .head) { request, _ in try await resource(request, state: state) }
            router.post("cache/resource") { request, _ in
                let key = request.uri.queryParameters.get("key").map { String($0) } ?? "default"
                _ = await state.hit("cache:\(key)")
                return JSONResponse.make(["updated": key])
            }
            router.get("cache/hits") { request, _ in
                let key = request.uri.queryParameters.get("key").map { String($0) } ?? "default"
                return JSONResponse.make(
                    Hits(
                        hits: await state.hitCount("cache:\(key)"),
                        notModified: await state.hitCount("cache-304:\(key)"),
                        conditional: await state.hitCount("cache-conditional:\(key)")))
            }
        }

        /// `/cache/resource?key=K&cache_control=CC&version=V&etag=0&last_modified=0&vary=FIELD&delay_ms=M`:
        /// counts a hit on K, waits M ms, then answers the status of an `X-Status` field if any, else the ``Resource`` with
        /// `Cache-Control: CC` (default `max-age=60`), `ETag: "vV"` (unless `etag=0`),
        /// `Last-Modified` (unless `last_modified=0`) and `Vary: FIELD`. A request whose
        /// `If-None-Match` matches the `ETag`, or whose `If-Modified-Since` is not before
        /// `Last-Modified`, gets `304` with the same fields and no body.
        static func resource(_ request: Request, state: DemoState) async throws -> Response {
            let parameters = request.uri.queryParameters
            let key = parameters.get("key").map { String($0) } ?? "default"
            let version = parameters.get("version", as: Int.self) ?? 1
            let eTag = parameters.get("etag") == "0" ? nil : "\"v\(version)\""
            let lastModified = parameters.get("last_modified") == "0" ? nil : Self.lastModified
            let vary = parameters.get("vary").map { String($0) }
            _ = await state.hit("cache:\(key)")
            if let delay = parameters.get("delay_ms", as: Int.self) { try await Task.sleep(for: .milliseconds(delay)) }
            if let status = request.headers[FieldName("X-Status")!].flatMap({ Int($0) }) {
                return JSONResponse.error("status \(status) as requested", status: .init(code: status))
            }
            var headers: HTTPFields = [
                .cacheControl: parameters.get("cache_control").map { String($0) } ?? "max-age=60",
                .date: RetryRoutes.retryAfter(seconds: 0, format: "date"),
            ]
            if let eTag { headers[.eTag] = eTag }
            if let lastModified { headers[.lastModified] = lastModified }
            if let vary { headers[.vary] = vary }
            let ifNoneMatch = request.headers[.ifNoneMatch]
            if ifNoneMatch != nil { _ = await state.hit("cache-conditional:\(key)") }
            let notModified =
                ifNoneMatch.map { value in eTag.map { value.contains($0) } ?? false }
                ?? request.headers[.ifModifiedSince].map { $0 == lastModified } ?? false
            if notModified {
                _ = await state.hit("cache-304:\(key)")
                return Response(status: .notModified, headers: headers)
            }
            let served = await state.hit("cache-full:\(key)")
            let variant = vary.flatMap { FieldName($0) }.flatMap { request.headers[$0] }
            var response = JSONResponse.make(
                Resource(
                    key: key, version: version, served: served, variant: variant,
                    caller: request.headers[.authorization]))
            response.headers.append(contentsOf: headers)
            return response
        }
    }
#endif
