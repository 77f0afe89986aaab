import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import CourierCore
@testable import CourierInterceptors

/// The opt-in cookie jar (RFC 6265, `Configuration.cookies`): what is kept, what goes where.
@Suite("Cookies")
struct CookieTests {
    struct Get: APIRequest {
        typealias Response = Data
        var method: HTTPRequest.Method { .get }
        var path: String
        var baseURL: URL?
        var headers: HTTPFields = [:]
    }

    /// A server that sets the cookies its `Set-Cookie` query lists for each path, and records the
    /// `Cookie` header of each request by its URL.
    final class Server: Sendable {
        let seen = Locked<[(url: String, cookie: String?)]>([])
        let setCookies: @Sendable (String) -> [String]

        init(setCookies: @escaping @Sendable (String) -> [String]) {
            self.setCookies = setCookies
        }

        var transport: StubTransport {
            StubTransport { request, _ in
                let url = request.url?.absoluteString ?? ""
                self.seen.withLock { $0.append((url, request.headerFields[.cookie])) }
                var fields = HTTPFields()
                for value in self.setCookies(request.path ?? "") {
                    fields.append(HTTPField(name: .setCookie, value: value))
                }
                return StubTransport.Reply(headerFields: fields, body: Data("{}".utf8))
            }
        }

        func cookie(sentTo url: String) -> String?? {
            seen.withLock { $0.last { $0.url == url }.map(\.cookie) }
        }
    }

    static let api = URL(string: "https://api.example.com")!

    private func client(_ server: Server, jar: CookieJar = CookieJar()) -> APIClient {
        APIClient(baseURL: Self.api, transport: server.transport, configure: { $0.cookies = jar })
    }

    @Test func aCookieSetByTheServerGoesBackToItAndNowhereElse() async throws {
        let server = Server { $0 == "/login" ? ["session=abc; Path=/; HttpOnly"] : [] }
        let client = client(server)
        _ = try await client.send(Get(path: "/login"))
        _ = try await client.send(Get(path: "/me"))
        #expect(server.cookie(sentTo: "https://api.example.com/me") == "session=abc")
        _ = try await client.send(Get(path: "/me", baseURL: URL(string: "https://other.example.com")!))
        #expect(server.cookie(sentTo: "https://other.example.com/me") == .some(nil))
        // Another client has its own jar.
        let other = APIClient(baseURL: Self.api, transport: server.transport, configure: { $0.cookies = CookieJar() })
        _ = try await other.send(Get(path: "/profile"))
        #expect(server.cookie(sentTo: "https://api.example.com/profile") == .some(nil))
    }

    @Test func pathDomainSecureAndExpiryDecideWhereACookieGoes() async throws {
        let server = Server { path in
            guard path == "/account/login" else { return [] }
            return [
                "scoped=1",  // default path: /account
                "wide=2; Path=/",
                "parent=3; Domain=example.com; Path=/",
                "secure=4; Secure; Path=/",
                "gone=5; Path=/; Max-Age=0",
                "old=6; Path=/; Expires=Sun, 06 Nov 1994 08:49:37 GMT",
                "foreign=7; Domain=elsewhere.org",
                "suffix=8; Domain=com",
            ]
        }
        let jar = CookieJar()
        let client = client(server, jar: jar)
        _ = try await client.send(Get(path: "/account/login"))
        #expect(jar.count == 4)
        _ = try await client.send(Get(path: "/account/settings"))
        #expect(
            server.cookie(sentTo: "https://api.example.com/account/settings") == "scoped=1; wide=2; parent=3; secure=4")
        _ = try await client.send(Get(path: "/accounts"))
        #expect(server.cookie(sentTo: "https://api.example.com/accounts") == "wide=2; parent=3; secure=4")
        _ = try await client.send(Get(path: "/x", baseURL: URL(string: "http://api.example.com")!))
        #expect(server.cookie(sentTo: "http://api.example.com/x") == "wide=2; parent=3")
        _ = try await client.send(Get(path: "/x", baseURL: URL(string: "https://www.example.com")!))
        #expect(server.cookie(sentTo: "https://www.example.com/x") == "parent=3")
    }

    @Test func aCookieIsReplacedAndRemovedByName() async throws {
        let server = Server { path in
            switch path {
            case "/a": ["token=one; Path=/"]
            case "/b": ["token=two; Path=/"]
            case "/logout": ["token=; Path=/; Max-Age=0"]
            default: []
            }
        }
        let jar = CookieJar()
        let client = client(server, jar: jar)
        _ = try await client.send(Get(path: "/a"))
        _ = try await client.send(Get(path: "/b"))
        _ = try await client.send(Get(path: "/c"))
        #expect(server.cookie(sentTo: "https://api.example.com/c") == "token=two")
        _ = try await client.send(Get(path: "/logout"))
        #expect(jar.count == 0)
    }

    @Test func aRequestsOwnCookieHeaderIsNeverReplaced() async throws {
        let server = Server { $0 == "/login" ? ["session=abc; Path=/"] : [] }
        let client = client(server)
        _ = try await client.send(Get(path: "/login"))
        _ = try await client.send(Get(path: "/me", headers: [.cookie: "theme=dark"]))
        #expect(server.cookie(sentTo: "https://api.example.com/me") == "theme=dark")
    }

    @Test func noCookieFollowsARedirectToAnotherOrigin() async throws {
        let seen = Locked<[(String, String?)]>([])
        let transport = StubTransport { request, _ in
            seen.withLock { $0.append((request.authority ?? "", request.headerFields[.cookie])) }
            switch (request.authority, request.path) {
            case ("api.example.com", "/login"):
                return StubTransport.Reply(headerFields: [.setCookie: "session=abc; Path=/"], body: Data("{}".utf8))
            case ("api.example.com", "/go"):
                return StubTransport.Reply(status: .found, headerFields: [.location: "https://cdn.example.net/file"])
            default:
                return StubTransport.Reply(body: Data("{}".utf8))
            }
        }
        let client = APIClient(baseURL: Self.api, transport: transport, configure: { $0.cookies = CookieJar() })
        _ = try await client.send(Get(path: "/login"))
        _ = try await client.send(Get(path: "/go"))
        let sent = seen.withLock { $0 }
        #expect(sent.count == 3)
        #expect(sent[1].0 == "api.example.com" && sent[1].1 == "session=abc")
        #expect(sent[2].0 == "cdn.example.net" && sent[2].1 == nil)
    }

    @Test func aCookieSetOnARedirectGoesToTheNextHopOfTheSameChainUntilItCrossesOrigins() async throws {
        let seen = Locked<[(String, String?)]>([])
        let transport = StubTransport { request, _ in
            seen.withLock {
                $0.append(((request.authority ?? "") + (request.path ?? ""), request.headerFields[.cookie]))
            }
            switch request.path {
            case "/login":  // sets the session and sends the client on, as a login form does
                return StubTransport.Reply(
                    status: .found, headerFields: [.location: "/home", .setCookie: "session=abc; Path=/"])
            case "/home":
                return StubTransport.Reply(status: .found, headerFields: [.location: "https://cdn.example.net/logo"])
            default:
                return StubTransport.Reply(body: Data("{}".utf8))
            }
        }
        let jar = CookieJar()
        let client = APIClient(baseURL: Self.api, transport: transport, configure: { $0.cookies = jar })
        _ = try await client.send(Get(path: "/login"))
        let sent = seen.withLock { $0 }
        #expect(sent.map(\.0) == ["api.example.com/login", "api.example.com/home", "cdn.example.net/logo"])
        #expect(sent[0].1 == nil)
        #expect(sent[1].1 == "session=abc")  // set one hop earlier, same chain
        #expect(sent[2].1 == nil)  // another origin
        #expect(jar.cookieHeader(for: URL(string: "https://api.example.com/me")!) == "session=abc")
    }

    @Test func aRequestsOwnCookieHeaderFollowsSameOriginHopsUnchanged() async throws {
        let seen = Locked<[String?]>([])
        let transport = StubTransport { request, _ in
            seen.withLock { $0.append(request.headerFields[.cookie]) }
            if request.path == "/login" {
                return StubTransport.Reply(
                    status: .found, headerFields: [.location: "/home", .setCookie: "session=abc; Path=/"])
            }
            return StubTransport.Reply(body: Data("{}".utf8))
        }
        let client = APIClient(baseURL: Self.api, transport: transport, configure: { $0.cookies = CookieJar() })
        _ = try await client.send(Get(path: "/login", headers: [.cookie: "theme=dark"]))
        #expect(seen.withLock { $0 } == ["theme=dark", "theme=dark"])
    }

    @Test func pathsCompareAsTheURLWritesThem() {
        // Found by property tests: paths were compared percent-decoded, so a `Path` written as
        // the URL writes it never matched, and `%2F` counted as a `/`.
        let jar = CookieJar()
        jar.store(["a=1; Path=/caf%C3%A9"], from: URL(string: "https://example.com/caf%C3%A9/login")!)
        #expect(jar.cookieHeader(for: URL(string: "https://example.com/caf%C3%A9/menu")!) == "a=1")
        jar.store(["b=2; Path=/a"], from: URL(string: "https://example.com/a/b")!)
        #expect(jar.cookieHeader(for: URL(string: "https://example.com/a%2Fb")!) == nil)
        #expect(jar.cookieHeader(for: URL(string: "https://example.com/a/%CC%81")!) == "b=2")
        // The default path is the URL's, percent-encoded.
        let defaults = CookieJar()
        defaults.store(["c=3"], from: URL(string: "https://example.com/caf%C3%A9/login")!)
        #expect(defaults.cookieHeader(for: URL(string: "https://example.com/caf%C3%A9/x")!) == "c=3")
    }

    @Test func aSlashFollowedByACombiningMarkIsStillASlash() {
        // Found by a property test: paths compared as characters, and `/` with a combining mark
        // after it is one character that is not `/`.
        #expect(Cookie.pathMatches(requestPath: "/a/\u{301}b", cookiePath: "/a"))
        #expect(!Cookie.pathMatches(requestPath: "/e\u{301}", cookiePath: "/\u{E9}"))
    }

    @Test func maxAgeIsADigitOrMinusThenDigitsOrIgnored() {
        // RFC 6265, 5.2.2: `+5` is no Max-Age (Swift's Int("+5") is 5), so the cookie lasts the
        // session; `-1` expires it at once.
        let url = URL(string: "https://example.com/")!
        let jar = CookieJar()
        jar.store(["a=1; Max-Age=+5", "b=2; Max-Age=-1", "c=3; Max-Age=5x"], from: url)
        #expect(jar.cookieHeader(for: url) == "a=1; c=3")
        let session = Cookie(setCookie: "a=1; Max-Age=+5", from: url, now: Date())
        #expect(session?.expires == nil)
    }

    @Test func theLastDomainAttributeCounts() {
        // RFC 6265, 5.3 step 4: an earlier Domain that does not match the host does not reject the
        // cookie, and an earlier one that matches does not save a last one that does not.
        let url = URL(string: "https://api.example.com/")!
        let jar = CookieJar()
        jar.store(["a=1; Domain=other.org; Domain=example.com"], from: url)
        #expect(jar.cookieHeader(for: URL(string: "https://www.example.com/")!) == "a=1")
        jar.store(["b=2; Domain=example.com; Domain=other.org"], from: url)
        #expect(jar.count == 1)
    }
}
