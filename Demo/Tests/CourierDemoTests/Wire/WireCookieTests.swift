#if Demo
    import Courier
    import Foundation
    import Testing

    /// Cookies framed as RFC 6265 says, on the wire: every `Set-Cookie` line of a response reaches
    /// the jar, and a request carries its cookies in one `Cookie` line (section 5.4), as a raw server
    /// on loopback reads them.
    @Suite("Wire: cookies")
    struct WireCookieTests {
        struct Get: APIRequest {
            typealias Response = Data
            var method: HTTPRequest.Method { .get }
            var path: String { "/login" }
        }

        /// A request that sets its own `Cookie` field, which `HTTPFields` keeps as one field per
        /// cookie.
        struct GetWithCookies: APIRequest {
            typealias Response = Data
            var method: HTTPRequest.Method { .get }
            var path: String { "/account" }
            var headers: HTTPFields {
                var fields = HTTPFields()
                fields[.cookie] = "theme=dark; lang=en"
                return fields
            }
        }

        /// A login's answer: a session cookie and a CSRF cookie, each in its own `Set-Cookie` line,
        /// the second with an `Expires` date, whose comma must not split it.
        static let login =
            "HTTP/1.1 200 OK\r\nSet-Cookie: session=s3cr3t; Path=/; HttpOnly\r\n"
            + "Set-Cookie: csrf=t0k3n; Path=/; Expires=Wed, 06 Nov 2097 08:49:37 GMT\r\n"
            + "Content-Length: 2\r\nConnection: close\r\n\r\nok"

        /// The `Cookie` lines of a request head, as the server read them.
        static func cookieLines(of head: [String]) -> [String] {
            head.filter { $0.lowercased().hasPrefix("cookie:") }
        }

        @Test(arguments: TransportKind.available)
        func everySetCookieLineReachesTheResponseAndTheJar(_ kind: TransportKind) async throws {
            let server = try FaultServer(response: Self.login)
            defer { server.stop() }
            let jar = CookieJar()
            let client = makeClient(kind, baseURL: server.baseURL) {
                $0.timeout = .seconds(10)
                $0.cookies = jar
            }
            let response = try await client.response(for: Get())
            #expect(
                response.response.headerFields[values: .setCookie] == [
                    "session=s3cr3t; Path=/; HttpOnly", "csrf=t0k3n; Path=/; Expires=Wed, 06 Nov 2097 08:49:37 GMT",
                ])
            #expect(jar.count == 2)
            #expect(
                jar.cookieHeader(for: server.baseURL.appendingPathComponent("next")) == "session=s3cr3t; csrf=t0k3n")
        }

        /// The session and CSRF cookies a login set go back on the next request in one line.
        @Test(arguments: TransportKind.available)
        func theJarsCookiesLeaveInOneCookieLine(_ kind: TransportKind) async throws {
            let server = try FaultServer(response: Self.login)
            defer { server.stop() }
            let client = makeClient(kind, baseURL: server.baseURL) {
                $0.timeout = .seconds(10)
                $0.cookies = CookieJar()
            }
            _ = try await client.send(Get())
            _ = try await client.send(Get())
            let heads = server.receivedHeads
            try #require(heads.count == 2)
            #expect(Self.cookieLines(of: heads[0]).isEmpty)
            #expect(Self.cookieLines(of: heads[1]).map { $0.lowercased() } == ["cookie: session=s3cr3t; csrf=t0k3n"])
        }

        /// A `Cookie` field the request sets itself, with two cookies, leaves as one line too.
        @Test(arguments: TransportKind.available)
        func aRequestsOwnCookiesLeaveInOneCookieLine(_ kind: TransportKind) async throws {
            let server = try FaultServer(response: "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
            defer { server.stop() }
            let client = makeClient(kind, baseURL: server.baseURL) { $0.timeout = .seconds(10) }
            _ = try await client.send(GetWithCookies())
            let heads = server.receivedHeads
            try #require(heads.count == 1)
            #expect(Self.cookieLines(of: heads[0]).map { $0.lowercased() } == ["cookie: theme=dark; lang=en"])
        }
    }
#endif
