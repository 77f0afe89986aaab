#if Demo
    import Foundation
    import Hummingbird

    /// Seed 000's flaky endpoint and its hit counter.
    enum RetryRoutes {
        /// `/flaky?key=K&failures=N[&status=503][&retry_after=S][&retry_after_format=date|seconds|junk]`:
        /// the first N hits on key K answer `status` (503 by default) with a `Retry-After` of S seconds
        /// when asked; later hits answer 200 with the hit count. `/hits?key=K` reports the count.
        static func add(to router: Router<BasicRequestContext>, state: DemoState) {
            for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
                router.on("flaky", method: method) { request, _ in
                    let parameters = request.uri.queryParameters
                    let key = parameters.get("key").map { String($0) } ?? "default"
                    let failures = parameters.get("failures", as: Int.self) ?? 2
                    let hits = await state.hit(key)
                    guard hits > failures else {
                        let status = HTTPResponse.Status(code: parameters.get("status", as: Int.self) ?? 503)
                        var response = JSONResponse.error(
                            "failing on purpose (hit \(hits) of \(failures))", status: status)
                        if let seconds = parameters.get("retry_after", as: Double.self) {
                            response.headers[.retryAfter] = retryAfter(
                                seconds: seconds,
                                format: parameters.get("retry_after_format").map { String($0) } ?? "seconds"
                            )
                        }
                        return response
                    }
                    return JSONResponse.make(["hits": hits])
                }
            }
            router.get("hits") { request, _ in
                let key = request.uri.queryParameters.get("key").map { String($0) } ?? "default"
                return JSONResponse.make(["hits": await state.hitCount(key)])
            }
        }

        static func retryAfter(seconds: Double, format: String) -> String {
            switch format {
            case "date":
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(identifier: "GMT")
                formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
                return formatter.string(from: Date().addingTimeInterval(seconds))
            case "junk":
                return "soon-ish"
            default:
                return String(Int(seconds))
            }
        }
    }
#endif
