import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// A HAR exported by a browser replays through Courier: `Cassettes/chromium-demo.har`, captured
/// from headless Chromium calling the demo API (`Scripts/capture-chromium-har.py`), as it is.
@Suite("CassetteTransport: a HAR exported by Chromium")
struct ChromiumHARTests {
    struct Tokens: Decodable, Sendable {
        var accessToken: String

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
        }
    }

    struct Login: APIRequest {
        typealias Response = Tokens
        var method: HTTPRequest.Method { .post }
        var path: String { "/login" }
        var body: RequestBody? { .form(["username": "bob", "password": "secret"]) }
    }

    struct Me: APIRequest {
        struct Body: Decodable, Sendable {
            var name: String
        }

        typealias Response = Body
        var method: HTTPRequest.Method { .get }
        var path: String { "/me" }
    }

    struct Echo: APIRequest {
        struct Body: Decodable, Sendable {
            var path: String
            var headers: [String: String]
        }

        typealias Response = Body
        var method: HTTPRequest.Method { .get }
        var path: String { "/redirect" }
        var query: QueryParameters { ["status": 302, "to": "/echo", "cookie": "session=s3ss10n"] }
    }

    struct Line: Decodable, Sendable {
        var n: Int
    }

    struct Export: APIRequest {
        typealias Response = Line
        var method: HTTPRequest.Method { .get }
        var path: String { "/export.ndjson" }
        var query: QueryParameters { ["count": 3] }
    }

    struct Raw: APIRequest {
        typealias Response = Data
        var method: HTTPRequest.Method { .get }
        var path: String
        var query: QueryParameters = [:]
    }

    /// Where Chromium called the demo API when the HAR was captured.
    static let base = URL(string: "http://127.0.0.1:18095")!

    @Test(.cassette("chromium-demo", recordingFrom: Cassettes.offline))
    func aHARExportedByChromiumReplaysThroughCourier() async throws {
        let transport = try #require(CassetteTransport.current)
        let har = try String(contentsOf: transport.file, encoding: .utf8)
        #expect(har.contains(#""name": "WebInspector""#))
        let token = Locked<String?>(nil)
        let client = APIClient(
            baseURL: Self.base, transport: transport,
            interceptors: [AuthorizationInterceptor.bearer { token.withLock { $0 } }]
        ) { $0.cookies = CookieJar() }

        token.withLock { $0 = nil }
        let tokens = try await client.send(Login())
        token.withLock { $0 = tokens.accessToken }
        #expect(try await client.send(Me()).name == "Bob")
        // Chromium's redirect is two entries; the client follows it, keeping the cookie it set.
        let echo = try await client.send(Echo())
        #expect(echo.path == "/echo")
        #expect(echo.headers["cookie"] == "session=s3ss10n")
        var lines: [Int] = []
        for try await line in client.jsonLines(Export()) { lines.append(line.n) }
        #expect(lines.count == 3)
        #expect(try await client.send(Raw(path: "/bytes", query: ["count": 64])).count == 64)  // base64 in the HAR
        let notFound = await #expect(throws: APIError.self) { try await client.send(Raw(path: "/status/404")) }
        #expect(notFound?.kind == .unacceptableStatus)
        #expect(notFound?.status == .notFound)
        // Chromium's `_error` for a refused connection replays as a transport failure.
        let refused = APIClient(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport)
        let failure = await #expect(throws: APIError.self) { try await refused.send(Raw(path: "/refused")) }
        #expect(failure?.kind == .transport)
        #expect(transport.unusedRecordings == 2)  // the page Chromium opened first, `/todos`, and its icon
    }
}
