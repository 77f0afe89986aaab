#if Demo
    import Courier
    import DemoAPI
    import Foundation

    /// `GET` or `POST /echo`: the plain successful call, its value checked against what was sent.
    struct EchoRequest: APIRequest {
        typealias Response = Echo
        var method: HTTPRequest.Method
        var call: Int
        var path: String { "/echo" }
        var query: QueryParameters { ["call": call] }
        var body: RequestBody? { method == .post ? .json(["call": call]) : nil }
    }

    /// `/flaky`: fails `failures` times with a 503 on a key of its own, then answers its hit count.
    struct FlakyRequest: APIRequest {
        typealias Response = [String: Int]
        var method: HTTPRequest.Method { .get }
        var key: String
        var failures: Int
        /// With `Retry-After: 0`, the wait the server asks for replaces the back-off.
        var retryAfterZero: Bool
        var path: String { "/flaky" }
        var query: QueryParameters {
            var query: QueryParameters = ["key": key, "failures": failures]
            if retryAfterZero { query.append("retry_after", "0") }
            return query
        }
    }

    /// `GET /me`, behind the refreshing bearer token.
    struct MeRequest: APIRequest {
        struct Me: Decodable, Sendable {
            var name: String
            var token: String
        }

        typealias Response = Me
        var method: HTTPRequest.Method { .get }
        var path: String { "/me" }
    }

    /// `POST /login` or `POST /refresh`, for tokens that live `lifetime` seconds.
    struct TokenRequest: APIRequest {
        struct Token: Decodable, Sendable {
            var accessToken: String
            var refreshToken: String
        }

        typealias Response = Token
        var method: HTTPRequest.Method { .post }
        var path: String
        var form: QueryParameters
        var lifetime: Double
        var query: QueryParameters { ["ttl_s": lifetime] }
        var body: RequestBody? { .form(form) }
        var decoder: JSONDecoder? {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return decoder
        }

        static func login(lifetime: Double) -> Self {
            Self(path: "/login", form: ["username": "bob", "password": "secret"], lifetime: lifetime)
        }

        static func refresh(_ refreshToken: String, lifetime: Double) -> Self {
            Self(path: "/refresh", form: ["refresh_token": refreshToken], lifetime: lifetime)
        }
    }

    /// Any other route, its body read whole and dropped, with a timeout of its own.
    struct RawRequest: APIRequest {
        typealias Response = Data
        var method: HTTPRequest.Method { .get }
        var path: String
        var query: QueryParameters = [:]
        var timeout: Duration?
    }

    /// `GET /stats`: what the server counted (logins, refreshes, refused tokens, abandoned streams).
    struct StatsRequest: APIRequest {
        typealias Response = DemoState.Stats
        var method: HTTPRequest.Method { .get }
        var path: String { "/stats" }
    }
#endif
