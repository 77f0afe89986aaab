#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// The core wire cases over HTTPS on `AsyncHTTPClientTransport`, over HTTP/1.1 and HTTP/2, the
    /// client trusting the test authority through its TLS configuration (verification stays on).
    @Suite("TLS: HTTPS wire cases")
    struct HTTPSWireTests {
        // No Proxy-Authorization: on https Courier refuses it (ProxyTests).
        static let secrets: HTTPFields = [.authorization: "Bearer s3cret", .cookie: "session=s3cret"]

        @Test(arguments: HTTPSVersion.allCases)
        func callsReuseOneConnection(_ version: HTTPSVersion) async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await withHTTPSServer(authority, version: version) { baseURL, connections in
                try await withTLSTransport(clientTLSConfiguration(trusting: authority)) { transport in
                    let client = APIClient(baseURL: baseURL, transport: transport)
                    for index in 0..<20 {
                        let echo = try await client.send(
                            EchoRequest(
                                method: .post, query: ["i": index], headers: Self.secrets, body: .json(["n": index])))
                        #expect(echo.method == "POST")
                        #expect(echo.headers["authorization"] == "Bearer s3cret")
                        #expect(echo.body == #"{"n":\#(index)}"#)
                    }
                }
                // A handshake per request would be a defect (20 here). AsyncHTTPClient may open a
                // second connection when a call starts before the previous one's connection is back in
                // its pool, as happens under load.
                #expect(connections.accepted <= 2)
            }
        }

        @Test(arguments: HTTPSVersion.allCases)
        func crossOriginRedirectDropsCredentials(_ version: HTTPSVersion) async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await withHTTPSServer(authority, version: version) { origin, _ in
                try await withHTTPSServer(authority, version: version) { other, _ in
                    try await withTLSTransport(clientTLSConfiguration(trusting: authority)) { transport in
                        let client = APIClient(baseURL: origin, transport: transport)
                        let same = try await client.send(
                            RedirectingEchoRequest(status: 302, target: "/echo/landed", headers: Self.secrets))
                        #expect(same.headers["authorization"] == "Bearer s3cret")
                        let echo = try await client.send(
                            RedirectingEchoRequest(
                                status: 307, target: other.absoluteString + "/echo/there", headers: Self.secrets))
                        #expect(echo.path == "/echo/there")
                        #expect(echo.headers["authorization"] == nil)
                        #expect(echo.headers["cookie"] == nil)
                    }
                }
            }
        }

        @Test(arguments: HTTPSVersion.allCases)
        func redirectToPlainHTTPIsRefused(_ version: HTTPSVersion) async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await withHTTPSServer(authority, version: version) { origin, _ in
                try await DemoServer.withRunning { plain in
                    try await withTLSTransport(clientTLSConfiguration(trusting: authority)) { transport in
                        let client = APIClient(baseURL: origin, transport: transport)
                        let error = await #expect(throws: APIError.self) {
                            try await client.send(
                                RedirectingEchoRequest(status: 302, target: plain.absoluteString + "/echo"))
                        }
                        #expect(error?.kind == .insecureRedirect)
                    }
                }
            }
        }

        @Test(arguments: HTTPSVersion.allCases)
        func deadlineAndBodyLimitHold(_ version: HTTPSVersion) async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await withHTTPSServer(authority, version: version) { baseURL, _ in
                try await withTLSTransport(clientTLSConfiguration(trusting: authority)) { transport in
                    let client = APIClient(baseURL: baseURL, transport: transport) { $0.maximumBodySize = 256 * 1024 }
                    let slow = await #expect(throws: APIError.self) {
                        try await client.send(
                            RawRequest(
                                path: "/slow-body", query: ["bytes": 600, "interval_ms": 1000],
                                timeout: .milliseconds(800)))
                    }
                    #expect(slow?.kind == .timeout)
                    // The client left before the 10-minute body's end: the server says so.
                    let stats = try await statsOnceStreamsEnded(client)
                    #expect(stats.streamsCompleted == 0)
                    #expect(stats.streamsAbandoned == stats.slowBodiesStarted)

                    let fits = try await client.send(RawRequest(path: "/bytes", query: ["count": 256 * 1024]))
                    #expect(fits.count == 256 * 1024)
                    let large = await #expect(throws: APIError.self) {
                        try await client.send(
                            RawRequest(path: "/bytes", query: ["count": 4 * 1024 * 1024, "chunked": "1"]))
                    }
                    #expect(large?.kind == .bodyTooLarge)
                }
            }
        }

        @Test(arguments: HTTPSVersion.allCases)
        func streamsAndDownloads(_ version: HTTPSVersion) async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await withHTTPSServer(authority, version: version) { baseURL, _ in
                try await withTLSTransport(clientTLSConfiguration(trusting: authority)) { transport in
                    let client = APIClient(baseURL: baseURL, transport: transport)
                    let count = try await client.withBytes(
                        RawRequest(path: "/bytes", query: ["count": 1024 * 1024, "chunked": "1"])
                    ) { _, body in
                        var total = 0
                        for try await chunk in body { total += chunk.count }
                        return total
                    }
                    #expect(count == 1024 * 1024)
                    let destination = FileManager.default.temporaryDirectory
                        .appendingPathComponent("courier-https-\(UUID().uuidString)")
                    defer { try? FileManager.default.removeItem(at: destination) }
                    _ = try await client.download(
                        RawRequest(path: "/bytes", query: ["count": 300_000]), to: destination)
                    #expect(try Data(contentsOf: destination).count == 300_000)
                }
            }
        }
    }
#endif
