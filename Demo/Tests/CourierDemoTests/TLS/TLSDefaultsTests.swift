#if Demo
    import AsyncHTTPClient
    import Courier
    import DemoAPI
    import Foundation
    import NIOCore
    import NIOPosix
    import NIOSSL
    import Testing

    /// What Courier's TLS defaults refuse, and what an app can still choose visibly: no TLS 1.0 or
    /// 1.1, a connect timeout a shutdown does not outwait.
    @Suite("TLS: defaults")
    struct TLSDefaultsTests {
        /// A server that offers TLS 1.0 and 1.1 only.
        static func oldServer(_ authority: CertificateAuthority) throws -> TLSConfiguration {
            var configuration = TLSFailureTests.serverConfiguration(try authority.issue())
            configuration.minimumTLSVersion = .tlsv1
            configuration.maximumTLSVersion = .tlsv11
            return configuration
        }

        @Test
        func aServerOfferingOnlyTLS1_1IsRefusedBeforeAnythingIsSent() async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await RecordingTLSServer.withRunning(try Self.oldServer(authority)) { server in
                try await withTLSTransport(clientTLSConfiguration(trusting: authority)) { transport in
                    let client = APIClient(baseURL: server.baseURL, transport: transport)
                    let error = await #expect(throws: APIError.self) {
                        try await client.send(EchoRequest(headers: [.authorization: "Bearer s3cret"]))
                    }
                    #expect(error?.kind == .tls)
                    #expect(error?.tlsFailure?.reason == .protocolRefused, "\(String(describing: error))")
                }
                #expect(server.received.isEmpty, "the server received: \(server.received)")
            }
        }

        @Test
        func theSharedTransportRefusesTLS1_1Too() async throws {
            // The shared transport trusts the system's authorities only: before the change it agreed on
            // TLS 1.1 and then refused the certificate; now it refuses the version first.
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await RecordingTLSServer.withRunning(try Self.oldServer(authority)) { server in
                let client = APIClient(baseURL: server.baseURL, transport: AsyncHTTPClientTransport.shared)
                let error = await #expect(throws: APIError.self) {
                    try await client.send(EchoRequest(headers: [.authorization: "Bearer s3cret"]))
                }
                #expect(error?.tlsFailure?.reason == .protocolRefused, "\(String(describing: error))")
                #expect(server.received.isEmpty)
                #expect(server.connections == 1, "no probe of the certificate: the version was refused first")
            }
        }

        @Test
        func anAppThatLowersTheMinimumReachesAnOldServer() async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await RecordingTLSServer.withRunning(try Self.oldServer(authority)) { server in
                var tls = clientTLSConfiguration(trusting: authority)
                tls.minimumTLSVersion = .tlsv11  // visibly, as the Security article shows
                try await withTLSTransport(tls) { transport in
                    let client = APIClient(baseURL: server.baseURL, transport: transport)
                    _ = try await client.response(for: RawRequest(path: "/echo"))
                }
                #expect(server.received.contains("GET /echo"))
            }
        }

        @Test
        func shutdownAfterAStalledHandshakeReturnsWithinTheConnectTimeout() async throws {
            // A server that accepts connections and never answers a ClientHello.
            let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .childChannelInitializer { $0.eventLoop.makeSucceededVoidFuture() }
                .bind(host: "127.0.0.1", port: 0).get()
            let baseURL = URL(string: "https://127.0.0.1:\(try #require(silent.localAddress?.port))")!
            // An app's own client of the recommended configuration, and a transport's own client.
            let httpClient = HTTPClient(
                eventLoopGroup: HTTPClient.defaultEventLoopGroup,
                configuration: AsyncHTTPClientTransport.recommendedConfiguration)
            let owning = AsyncHTTPClientTransport()
            let transports: [(any Transport, @Sendable () async throws -> Void)] = [
                (
                    AsyncHTTPClientTransport(client: httpClient, decompressionRatio: 100),
                    { try await httpClient.shutdown() }
                ),
                (owning, { try await owning.shutdown() }),
            ]
            try await withThrowingTaskGroup(of: Duration.self) { group in
                for (transport, shutdown) in transports {
                    group.addTask {
                        let client = APIClient(baseURL: baseURL, transport: transport)
                        let started = ContinuousClock.now
                        let error = await #expect(throws: APIError.self) {
                            try await client.send(RawRequest(path: "/", timeout: .seconds(1)))
                        }
                        #expect(error?.kind == .timeout)
                        try await shutdown()
                        return started.duration(to: .now)
                    }
                }
                // AsyncHTTPClient's shutdown waits for the connection still being made: until the
                // connect timeout, 10 s after the call began, not its own 30 s default. The bound is
                // midway between the two (load only adds; it added seconds, not ten, in CI runs).
                for try await took in group {
                    #expect(took < .seconds(20), "the call and the shutdown took \(took)")
                }
            }
            try await silent.close()
        }
    }
#endif
