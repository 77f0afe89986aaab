#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// Redirects followed by the client, over every transport, across two loopback origins.
    @Suite("Wire: redirects")
    struct WireRedirectTests {
        static let secrets: HTTPFields = [
            .authorization: "Bearer s3cret", .cookie: "session=s3cret", .proxyAuthorization: "Basic s3cret",
        ]

        static var secretsAndATrace: HTTPFields {
            var fields = secrets
            fields[HTTPField.Name("X-Trace")!] = "1"
            return fields
        }

        /// `/redirect?status=…&to=…` on `server`.
        static func redirect(on server: URL, status: Int, to target: String) -> String {
            var components = URLComponents()
            components.queryItems = [
                URLQueryItem(name: "status", value: "\(status)"), URLQueryItem(name: "to", value: target),
            ]
            return "/redirect?" + (components.percentEncodedQuery ?? "")
        }

        @Test(arguments: TransportKind.available)
        func sameOriginRedirectKeepsCredentials(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let echo = try await client.send(
                    RedirectingEchoRequest(status: 302, target: "/echo/landed", headers: Self.secrets)
                )
                #expect(echo.path == "/echo/landed")
                #expect(echo.headers["authorization"] == "Bearer s3cret")
                #expect(echo.headers["cookie"] == "session=s3cret")
            }
        }

        @Test(arguments: TransportKind.available)
        func crossOriginRedirectDropsCredentialsForTheRestOfTheChain(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { origin in
                try await DemoServer.withRunning { other in
                    // origin → other (credentials dropped) → back to origin (still dropped).
                    let backHome = origin.absoluteString + "/echo/home"
                    let hop = other.absoluteString + Self.redirect(on: other, status: 307, to: backHome)
                    let client = makeClient(kind, baseURL: origin)
                    let echo = try await client.send(
                        RedirectingEchoRequest(
                            status: 302, target: hop, headers: Self.secrets + [HTTPField.Name("X-Trace")!: "1"])
                    )
                    #expect(echo.path == "/echo/home")
                    #expect(echo.headers["authorization"] == nil)
                    #expect(echo.headers["cookie"] == nil)
                    #expect(echo.headers["proxy-authorization"] == nil)
                    #expect(echo.headers["x-trace"] == "1")
                }
            }
        }

        @Test(arguments: TransportKind.available)
        func postBecomesGetOn302AndStaysPostOn307(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let body = RequestBody.json(["title": "milk"])
                let switched = try await client.send(
                    RedirectingEchoRequest(method: .post, status: 302, target: "/echo", body: body)
                )
                #expect(switched.method == "GET")
                #expect(switched.bodyLength == 0)
                #expect(switched.headers["content-type"] == nil)

                let seeOther = try await client.send(
                    RedirectingEchoRequest(method: .put, status: 303, target: "/echo", body: body)
                )
                #expect(seeOther.method == "GET")

                for status in [307, 308] {
                    let kept = try await client.send(
                        RedirectingEchoRequest(method: .post, status: status, target: "/echo", body: body)
                    )
                    #expect(kept.method == "POST")
                    #expect(kept.body == #"{"title":"milk"}"#)
                    #expect(kept.headers["content-type"] == "application/json")
                }
            }
        }

        @Test(arguments: TransportKind.available)
        func redirectLimitIsEnforcedAndCanBeTurnedOff(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                // `/loop` redirects to itself forever.
                let loop = RawRequest(path: "/loop")
                let client = makeClient(kind, baseURL: baseURL) { $0.redirects = .follow(limit: 3) }
                let error = await #expect(throws: APIError.self) { try await client.send(loop) }
                #expect(error?.kind == .tooManyRedirects)

                let manual = makeClient(kind, baseURL: baseURL) { $0.redirects = .disabled }
                var accepting = loop
                accepting.acceptableStatusCodes = .successful + .redirection
                let body = try await manual.send(accepting)
                #expect(body.isEmpty)

                let refused = await #expect(throws: APIError.self) { try await manual.send(loop) }
                #expect(refused?.kind == .unacceptableStatus)
                #expect(refused?.status?.code == 302)
            }
        }
    }

    /// A request to `/redirect` that sends the client on to `target`.
    struct RedirectingEchoRequest: APIRequest {
        typealias Response = Echo
        var method: HTTPRequest.Method = .get
        var status: Int
        var target: String
        var headers: HTTPFields = [:]
        var body: RequestBody?

        var path: String { "/redirect" }
        var query: QueryParameters { ["status": status, "to": target] }
    }
#endif
