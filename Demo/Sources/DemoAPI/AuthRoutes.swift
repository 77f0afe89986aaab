#if Demo
    import Foundation
    import Hummingbird
    import NIOCore

    /// Seed 002's token API: `/login`, `/refresh` and the protected `/me`; and `/basic`, behind HTTP
    /// Basic authentication.
    ///
    /// Only the newest access token is valid; tokens live `ttl_s` seconds (default 300).
    enum AuthRoutes {
        /// The token response, in snake_case like most OAuth servers.
        struct TokenBody: Codable, Sendable {
            var accessToken: String
            var refreshToken: String
            var expiresIn: Int
        }

        struct Me: Codable, Sendable {
            var name: String
            var token: String
        }

        static let encoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = [.sortedKeys]
            return encoder
        }()

        static func add(to router: Router<BasicRequestContext>, state: DemoState) {
            router.post("login") { request, _ in
                var request = request
                let form = try await formFields(of: &request)
                guard form["username"] == "bob", form["password"] == "secret" else {
                    return JSONResponse.error("wrong username or password", status: .unauthorized)
                }
                let lifetime = request.uri.queryParameters.get("ttl_s", as: Double.self) ?? 300
                return tokenResponse(await state.login(lifetime: lifetime), lifetime: lifetime)
            }
            router.post("refresh") { request, _ in
                var request = request
                let parameters = request.uri.queryParameters
                if let delay = parameters.get("delay_ms", as: Int.self) {
                    try await Task.sleep(for: .milliseconds(delay))
                }
                let form = try await formFields(of: &request)
                let lifetime = parameters.get("ttl_s", as: Double.self) ?? 300
                guard let token = form["refresh_token"],
                    let session = await state.refresh(with: token, lifetime: lifetime)
                else {
                    return JSONResponse.error("invalid refresh token", status: .unauthorized)
                }
                return tokenResponse(session, lifetime: lifetime)
            }
            router.get("me") { request, _ in
                let header = request.headers[.authorization] ?? ""
                let token = header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : ""
                guard await state.isValid(accessToken: token) else {
                    var response = JSONResponse.error("missing, stale or expired token", status: .unauthorized)
                    response.headers[.wwwAuthenticate] = "Bearer"
                    return response
                }
                return JSONResponse.make(Me(name: "Bob", token: token))
            }
            // HTTP Basic, as an older API protects a resource: bob / secret.
            router.get("basic") { request, _ in
                let expected = "Basic " + Data("bob:secret".utf8).base64EncodedString()
                guard request.headers[.authorization] == expected else {
                    var response = JSONResponse.error("wrong or missing credentials", status: .unauthorized)
                    response.headers[.wwwAuthenticate] = "Basic realm=\"demo\""
                    return response
                }
                return JSONResponse.make(Me(name: "Bob", token: ""))
            }
        }

        static func tokenResponse(_ session: DemoState.Session, lifetime: Double) -> Response {
            let body = TokenBody(
                accessToken: session.accessToken,
                refreshToken: session.refreshToken,
                expiresIn: Int(lifetime)
            )
            return JSONResponse.make(body, encoder: encoder)
        }

        /// The `application/x-www-form-urlencoded` (or flat JSON object) fields of a request body.
        static func formFields(of request: inout Request) async throws -> [String: String] {
            let buffer = try await request.collectBody(upTo: 64 * 1024)
            let text = String(buffer: buffer)
            if request.headers[.contentType]?.hasPrefix("application/json") == true {
                let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
                return object ?? [:]
            }
            var fields: [String: String] = [:]
            for pair in text.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map {
                    String($0).removingPercentEncoding ?? String($0)
                }
                if parts.count == 2 { fields[parts[0]] = parts[1] }
            }
            return fields
        }
    }
#endif
