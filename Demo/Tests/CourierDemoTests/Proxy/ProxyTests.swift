#if Demo
    import AsyncHTTPClient
    import Courier
    import DemoAPI
    import Foundation
    import Logging
    import NIOSSL
    import Testing

    /// An HTTP proxy per client, on `AsyncHTTPClientTransport` (`HTTPClient.Configuration.proxy`):
    /// AsyncHTTPClient 1.37 opens a `CONNECT` tunnel for `http` as for `https` (it never sends a
    /// request in absolute form); the proxy's credentials reach the proxy only, on the `CONNECT`, and
    /// appear in no error or log.
    @Suite("Proxy")
    struct ProxyTests {
        static let password = "proxy-s3cret"
        /// `Basic` of `proxy:proxy-s3cret`.
        static let credentials = "Basic " + Data("proxy:\(password)".utf8).base64EncodedString()

        static func proxy(_ proxy: TestProxy, password: String = password) -> HTTPClient.Configuration.Proxy {
            .server(host: "127.0.0.1", port: proxy.port, authorization: .basic(username: "proxy", password: password))
        }

        @Test
        func httpGoesThroughATunnelToo() async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await DemoServer.withRunning { origin in
                try await TestProxy.withRunning(requiring: Self.credentials) { proxy in
                    let logs = LogCapture()
                    let echo = try await withTLSTransport(
                        clientTLSConfiguration(trusting: authority), proxy: Self.proxy(proxy)
                    ) { transport in
                        let client = APIClient(
                            baseURL: origin, transport: transport, interceptors: [LoggingInterceptor()]
                        ) {
                            $0.logger = logs.logger()
                        }
                        let echo = try await client.send(EchoRequest(headers: [.authorization: "Bearer s3cret"]))
                        let error = await #expect(throws: APIError.self) {
                            try await client.send(RawRequest(path: "/status/503"))
                        }
                        #expect(error?.description.contains(Self.password) == false)
                        #expect(error?.description.contains(Self.credentials) == false)
                        return echo
                    }
                    #expect(echo.headers["authorization"] == "Bearer s3cret")
                    #expect(echo.headers["proxy-authorization"] == nil)
                    let head = try #require(proxy.heads.first)
                    #expect(head.hasPrefix("CONNECT \(origin.host!):\(origin.port!) HTTP/1.1"))
                    #expect(head.contains(Self.credentials))
                    // Plain http: the proxy could read the request in the tunnel, but not its own
                    // credentials, which went only on the CONNECT.
                    #expect(proxy.tunnelled.contains("GET /echo HTTP/1.1"))
                    #expect(!proxy.tunnelled.lowercased().contains("proxy-authorization"))
                    #expect(!logs.text.contains(Self.password))
                    #expect(!logs.text.contains(Self.credentials))
                }
            }
        }

        @Test(arguments: HTTPSVersion.allCases)
        func httpsTunnelsThroughConnect(_ version: HTTPSVersion) async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await withHTTPSServer(authority, version: version) { origin, _ in
                try await TestProxy.withRunning(requiring: Self.credentials) { proxy in
                    let echo = try await withTLSTransport(
                        clientTLSConfiguration(trusting: authority), proxy: Self.proxy(proxy)
                    ) { transport in
                        try await APIClient(baseURL: origin, transport: transport)
                            .send(EchoRequest(headers: [.authorization: "Bearer s3cret"]))
                    }
                    #expect(echo.headers["authorization"] == "Bearer s3cret")
                    #expect(echo.headers["proxy-authorization"] == nil)
                    #expect(proxy.heads.count == 1)
                    let head = try #require(proxy.heads.first)
                    #expect(head.hasPrefix("CONNECT \(origin.host!):\(origin.port!) HTTP/1.1"))
                    #expect(head.contains(Self.credentials))
                    // The request went through the tunnel encrypted: the proxy never read it.
                    #expect(!proxy.tunnelled.isEmpty)
                    #expect(!proxy.tunnelled.contains("s3cret"))
                    #expect(!proxy.tunnelled.contains("/echo"))
                }
            }
        }

        @Test
        func refusedProxyCredentialsFailClearly() async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await withHTTPSServer(authority) { origin, _ in
                try await TestProxy.withRunning(requiring: Self.credentials) { proxy in
                    try await withTLSTransport(
                        clientTLSConfiguration(trusting: authority), proxy: Self.proxy(proxy, password: "wrong-s3cret")
                    ) { transport in
                        let client = APIClient(
                            baseURL: origin, transport: transport, interceptors: [RetryInterceptor()])
                        let error = await #expect(throws: APIError.self) { try await client.send(EchoRequest()) }
                        #expect(error?.kind == .transport)
                        #expect(error?.description.contains("407") == true, "\(String(describing: error))")
                        #expect(error?.description.contains("wrong-s3cret") == false)
                    }
                }
            }
        }

        @Test
        func proxyAuthorizationFieldOnHTTPSIsRefusedBeforeAnythingIsSent() async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await RecordingTLSServer.withRunning(TLSFailureTests.serverConfiguration(try authority.issue())) {
                server in
                try await withTLSTransport(clientTLSConfiguration(trusting: authority)) { transport in
                    let client = APIClient(baseURL: server.baseURL, transport: transport)
                    let error = await #expect(throws: APIError.self) {
                        try await client.send(EchoRequest(headers: [.proxyAuthorization: "Basic s3cret"]))
                    }
                    #expect(error?.kind == .invalidRequest)
                    #expect(error?.description.contains("s3cret") == false)
                }
                #expect(server.connections == 0)
            }
        }
    }
#endif
