#if Demo
    import Foundation
    import Hummingbird

    /// Cookies as httpbin keeps them: `/cookies` echoes the cookies a request sent, and
    /// `/cookies/set?NAME=VALUE…` sets them and redirects there. A cassette hides a cookie's value
    /// in an echo like this one, where it is not named as a cookie.
    enum CookieRoutes {
        static func add(to router: Router<BasicRequestContext>) {
            router.get("cookies") { request, _ in
                JSONResponse.make(["cookies": cookies(in: request)])
            }
            router.get("cookies/set") { request, _ in
                var headers: HTTPFields = [.location: "/cookies", .contentType: "text/plain"]
                for (name, value) in request.uri.queryParameters {
                    headers.append(.init(name: .setCookie, value: "\(name)=\(value); Path=/"))
                }
                return Response(status: .found, headers: headers)
            }
        }

        /// The cookies of the request's `Cookie` fields, by name.
        static func cookies(in request: Request) -> [String: String] {
            var cookies: [String: String] = [:]
            for field in request.headers where field.name == .cookie {
                for pair in field.value.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    cookies[parts[0].trimmingCharacters(in: .whitespaces)] = String(parts[1])
                }
            }
            return cookies
        }
    }
#endif
