#if Demo
    import Foundation
    import Hummingbird

    /// `/observed`: a protected, flaky endpoint that answers with what it saw, for the observability
    /// tests and scenario (a redirect to it, a refresh and a retry in one call).
    enum ObservedRoutes {
        /// `/observed?key=K&failures=N`: answers `401` unless `Authorization: Bearer fresh…` (a token
        /// starting with `fresh`); with it, the first N hits on key K answer `503`, later ones `200` with an ``Echo`` of the request
        /// (its header fields, so a test sees the `traceparent` that arrived).
        static func add(to router: Router<BasicRequestContext>, state: DemoState) {
            router.get("observed") { request, context in
                let parameters = request.uri.queryParameters
                guard request.headers[.authorization]?.hasPrefix("Bearer fresh") == true else {
                    var response = JSONResponse.error("missing or stale token", status: .unauthorized)
                    response.headers[.wwwAuthenticate] = "Bearer"
                    return response
                }
                let key = parameters.get("key").map { String($0) } ?? "default"
                let failures = parameters.get("failures", as: Int.self) ?? 1
                let hits = await state.hit(key)
                guard hits > failures else {
                    return JSONResponse.error(
                        "failing on purpose (hit \(hits) of \(failures))", status: .serviceUnavailable)
                }
                return try await DiagnosticRoutes.echo(request, context: context)
            }
        }
    }
#endif
