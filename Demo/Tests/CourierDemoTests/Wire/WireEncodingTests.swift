#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// What reaches a real server on loopback, over every transport.
    @Suite("Wire: encoding")
    struct WireEncodingTests {
        @Test(arguments: TransportKind.available)
        func queryReachesServerExactly(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let query: QueryParameters = [
                    "plus": "a+b&c=d", "space": "x y", "unicode": "日本語 ✓", "n": 2, "pi": 3.5, "flag": true,
                    "tags": ["swift", "http"], "missing": String?.none,
                ]
                let echo = try await client.send(EchoRequest(query: query))
                #expect(
                    echo.queryItems == [
                        ["plus", "a+b&c=d"], ["space", "x y"], ["unicode", "日本語 ✓"], ["n", "2"], ["pi", "3.5"],
                        ["flag", "true"], ["tags", "swift"], ["tags", "http"],
                    ]
                )
                #expect(echo.query?.contains("a%2Bb%26c%3Dd") == true)
            }
        }

        @Test(arguments: TransportKind.available)
        func jsonBodyIsSentWithContentType(_ kind: TransportKind) async throws {
            struct NewTodo: Codable, Sendable, Equatable {
                var title: String
                var dueDate: Date
            }
            try await DemoServer.withRunning { baseURL in
                let encoder = JSONEncoder()
                encoder.keyEncodingStrategy = .convertToSnakeCase
                encoder.dateEncodingStrategy = .iso8601
                let client = makeClient(kind, baseURL: baseURL) { $0.encoder = encoder }
                let todo = NewTodo(title: "Buy milk", dueDate: Date(timeIntervalSince1970: 0))
                let echo = try await client.send(EchoRequest(method: .post, body: .json(todo)))
                #expect(echo.method == "POST")
                #expect(echo.headers["content-type"] == "application/json")
                let sent = try JSONSerialization.jsonObject(with: Data(echo.body.utf8)) as? [String: String]
                #expect(sent == ["title": "Buy milk", "due_date": "1970-01-01T00:00:00Z"])
            }
        }

        @Test(arguments: TransportKind.available)
        func formBodyIsPercentEncoded(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let echo = try await client.send(
                    EchoRequest(method: .post, body: .form(["user": "a+b@example.com", "note": "x y&z"]))
                )
                #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded")
                #expect(echo.body == "user=a%2Bb%40example.com&note=x%20y%26z")
            }
        }

        @Test(arguments: TransportKind.available)
        func multipartAndRawBodiesArriveWhole(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                var form = MultipartForm(boundary: "BOUNDARY")
                form.append("caption", value: "Holiday")
                form.append("photo", filename: "beach.jpg", contentType: "image/jpeg", data: Data([0xFF, 0xD8]))
                let multipart = try await client.send(EchoRequest(method: .put, body: .multipart(form)))
                #expect(multipart.headers["content-type"] == "multipart/form-data; boundary=BOUNDARY")
                #expect(multipart.body.contains("name=\"photo\"; filename=\"beach.jpg\""))

                let raw = try await client.send(
                    EchoRequest(method: .patch, body: .data(Data("raw bytes".utf8), contentType: "text/plain"))
                )
                #expect(raw.headers["content-type"] == "text/plain")
                #expect(raw.body == "raw bytes")
                #expect(raw.bodyLength == 9)
            }
        }

        @Test(arguments: TransportKind.available)
        func pathKeepsBaseURLPrefixAndEncodesReservedCharacters(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL.appending(path: "echo/api/v2"))
                // A literal `?` or `#` is refused (it would start a query); escaped, it is kept.
                let echo = try await client.send(EchoRequest(path: "/users/a b%3Fc%23d"))
                #expect(echo.path == "/echo/api/v2/users/a%20b%3Fc%23d")
                #expect(echo.query == nil)
            }
        }

        @Test(arguments: TransportKind.available)
        func headersFromClientAndRequestAreSent(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL) {
                    $0.headers = [HTTPField.Name("X-Client")!: "courier", HTTPField.Name("X-Shared")!: "client"]
                }
                let echo = try await client.send(
                    EchoRequest(headers: [HTTPField.Name("X-Shared")!: "request", HTTPField.Name("X-Request")!: "1"]))
                #expect(echo.headers["x-client"] == "courier")
                #expect(echo.headers["x-shared"] == "request")
                #expect(echo.headers["x-request"] == "1")
            }
        }

        @Test(arguments: TransportKind.available)
        func everyRequestNamesItsUserAgentWhichTheClientOrTheRequestCanReplace(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let plain = try await makeClient(kind, baseURL: baseURL).send(EchoRequest())
                #expect(plain.headers["user-agent"] == APIClient.defaultUserAgent)
                #expect(APIClient.defaultUserAgent.hasPrefix("Courier/"))

                let app = makeClient(kind, baseURL: baseURL) { $0.headers = [.userAgent: "Shop/4.2"] }
                #expect(try await app.send(EchoRequest()).headers["user-agent"] == "Shop/4.2")
                let own = try await app.send(EchoRequest(headers: [.userAgent: "Sync/1"]))
                #expect(own.headers["user-agent"] == "Sync/1")
            }
        }

        struct SetCookie: APIRequest {
            typealias Response = Data
            var method: HTTPRequest.Method { .get }
            var path: String { "/set-cookie" }
        }

        /// Neither transport keeps a cookie a server sets or touches the `Cookie` header a request
        /// sends (URLSession's default session stored it process-wide and replaced the header).
        @Test(arguments: TransportKind.available)
        func transportsKeepNoCookiesAndSendTheRequestsOwn(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                _ = try await client.send(SetCookie())
                let plain = try await client.send(EchoRequest())
                #expect(plain.headers["cookie"] == nil)
                let own = try await client.send(EchoRequest(headers: [.cookie: "theme=dark"]))
                #expect(own.headers["cookie"] == "theme=dark")
            }
        }

        /// With the opt-in jar, the server's cookie comes back on the next call, over every transport.
        @Test(arguments: TransportKind.available)
        func aClientWithACookieJarSendsTheServersCookieBack(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let jar = CookieJar()
                let client = makeClient(kind, baseURL: baseURL) { $0.cookies = jar }
                _ = try await client.send(SetCookie())
                #expect(jar.count == 1)
                let echo = try await client.send(EchoRequest())
                #expect(echo.headers["cookie"] == "session=abc123")
            }
        }

        /// A cookie set on a redirect, as a login form sets it, goes with the next hop of the same
        /// chain; once the chain crosses to another origin, no cookie goes along.
        @Test(arguments: TransportKind.available)
        func aCookieSetOnARedirectGoesToTheNextHopButNotToAnotherOrigin(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                try await DemoServer.withRunning { other in
                    let jar = CookieJar()
                    let client = makeClient(kind, baseURL: baseURL) { $0.cookies = jar }
                    let login = EchoRequest(path: "/redirect", query: ["to": "/echo", "cookie": "login=ok"])
                    #expect(try await client.send(login).headers["cookie"] == "login=ok")

                    let away = other.absoluteString + "/echo"
                    let leaving = EchoRequest(path: "/redirect", query: ["to": away, "cookie": "step=2"])
                    let echo = try await client.send(leaving)
                    #expect(echo.headers["cookie"] == nil)
                    #expect(jar.cookieHeader(for: baseURL.appending(path: "me")) == "login=ok; step=2")
                }
            }
        }
    }
#endif
