#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import NIOSSL
    import Testing

    /// Each way a TLS handshake fails is an `APIError` of kind `.tls` that names the host and the
    /// reason, is never retried, and lets no byte of the request reach the server.
    @Suite("TLS: failures")
    struct TLSFailureTests {
        /// A server certificate the client must refuse, and the reason it gives.
        struct Case: CustomTestStringConvertible, Sendable {
            var name: String
            var reason: TLSFailure.Reason
            /// Whether the transport reads the rejected certificate's dates over a second connection.
            var probed = false
            /// Makes the server's configuration from the authority the client trusts.
            var server: @Sendable (CertificateAuthority) throws -> TLSConfiguration
            /// Narrows the client's configuration.
            var client: @Sendable (inout TLSConfiguration) -> Void = { _ in }

            var testDescription: String { name }
        }

        static let hour: TimeInterval = 3600

        static let cases: [Case] = [
            // BoringSSL does not say why a chain failed: the transport reads the certificate's dates.
            Case(name: "untrusted issuer", reason: .untrustedCertificate, probed: true) { _ in
                serverConfiguration(try CertificateAuthority(name: "Someone Else's CA").issue())
            },
            Case(name: "expired", reason: .expiredCertificate, probed: true) { authority in
                let now = Date()
                return serverConfiguration(try authority.issue(validity: (now - 48 * hour)...(now - hour)))
            },
            Case(name: "not yet valid", reason: .certificateNotYetValid, probed: true) { authority in
                let now = Date()
                return serverConfiguration(try authority.issue(validity: (now + hour)...(now + 48 * hour)))
            },
            Case(name: "wrong host", reason: .hostnameMismatch) { authority in
                serverConfiguration(try authority.issue(hosts: ["api.example.com"], addresses: []))
            },
            Case(
                name: "TLS version refused", reason: .protocolRefused,
                server: { authority in
                    var configuration = serverConfiguration(try authority.issue())
                    configuration.maximumTLSVersion = .tlsv12
                    return configuration
                },
                client: { $0.minimumTLSVersion = .tlsv13 }
            ),
        ]

        static func serverConfiguration(_ identity: TLSIdentity) -> TLSConfiguration {
            TLSConfiguration.makeServerConfiguration(
                certificateChain: identity.certificateChain.map { .certificate($0) },
                privateKey: .privateKey(identity.privateKey))
        }

        @Test(arguments: cases)
        func failsClearlyWithoutSendingAByte(_ failure: Case) async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await RecordingTLSServer.withRunning(try failure.server(authority)) { server in
                var tls = clientTLSConfiguration(trusting: authority)
                failure.client(&tls)
                try await withTLSTransport(tls) { transport in
                    let client = APIClient(
                        baseURL: server.baseURL, transport: transport, interceptors: [RetryInterceptor()])
                    let error = await #expect(throws: APIError.self) {
                        try await client.send(EchoRequest(headers: [.authorization: "Bearer s3cret"]))
                    }
                    #expect(error?.kind == .tls)
                    #expect(error?.tlsFailure?.reason == failure.reason)
                    #expect(error?.tlsFailure?.host == "127.0.0.1")
                    #expect(error?.message.contains("127.0.0.1") == true)
                    #expect(error?.description.contains("s3cret") == false)
                    // Read cleanly: no source path of the machine that built swift-nio-ssl, and the
                    // reason and the host said once (by the message).
                    let description = error?.description ?? ""
                    #expect(!description.contains(".cc:") && !description.contains("/Sources/"), "\(description)")
                    #expect(!description.contains("\(failure.reason) for"), "\(description)")
                    #expect(description.components(separatedBy: "TLS with 127.0.0.1").count == 2, "\(description)")
                }
                #expect(server.received.isEmpty, "the server received: \(server.received)")
                // One connection for the call (RetryInterceptor must not retry a TLS failure), and
                // for a rejected certificate one for the transport's probe of its dates.
                #expect(server.connections == (failure.probed ? 2 : 1))
            }
        }

        @Test
        func withoutTheProbeAnExpiredCertificateIsUntrusted() async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            let now = Date()
            let expired = try authority.issue(validity: (now - 48 * Self.hour)...(now - Self.hour))
            try await RecordingTLSServer.withRunning(Self.serverConfiguration(expired)) { server in
                try await withTLSTransport(
                    clientTLSConfiguration(trusting: authority), probesRejectedCertificates: false
                ) {
                    transport in
                    let client = APIClient(baseURL: server.baseURL, transport: transport)
                    let error = await #expect(throws: APIError.self) { try await client.send(EchoRequest()) }
                    #expect(error?.kind == .tls)
                    #expect(error?.tlsFailure?.reason == .untrustedCertificate)
                    #expect(error?.message.contains("expired or is not yet valid") == true)
                }
                #expect(server.received.isEmpty)
                #expect(server.connections == 1)
            }
        }

        @Test
        func aTrustedServerReceivesTheRequest() async throws {
            // The control for the test above: the recorder does see a request that is sent.
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await RecordingTLSServer.withRunning(Self.serverConfiguration(try authority.issue())) { server in
                try await withTLSTransport(clientTLSConfiguration(trusting: authority)) { transport in
                    let client = APIClient(baseURL: server.baseURL, transport: transport)
                    _ = try await client.response(
                        for: RawRequest(path: "/echo", headers: [.authorization: "Bearer s3cret"]))
                }
                #expect(server.received.contains("Authorization: Bearer s3cret"))
            }
        }

        @Test
        func urlSessionRefusesAnUntrustedServer() async throws {
            // FoundationNetworking on Linux trusts only the system's authorities: a test CA cannot be
            // trusted there, so an untrusted server is all it can be tested against.
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await RecordingTLSServer.withRunning(Self.serverConfiguration(try authority.issue())) { server in
                let client = APIClient(
                    baseURL: server.baseURL, transport: URLSessionTransport.shared, interceptors: [RetryInterceptor()])
                let error = await #expect(throws: APIError.self) {
                    try await client.send(EchoRequest(headers: [.authorization: "Bearer s3cret"]))
                }
                #expect(error?.kind == .tls, "\(String(describing: error))")
                #expect(error?.tlsFailure?.reason == .untrustedCertificate)
                #expect(error?.tlsFailure?.host == "127.0.0.1")
                #expect(error?.description.contains("s3cret") == false)
                #expect(server.received.isEmpty, "the server received: \(server.received)")
                #expect(server.connections == 1, "RetryInterceptor must not retry a TLS failure")
            }
        }
    }
#endif
