#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import NIOSSL
    import Testing

    /// Mutual TLS on `AsyncHTTPClientTransport`: the client's certificate goes in its TLS
    /// configuration, and a server that requires one refuses a client without.
    @Suite("TLS: client certificates")
    struct MutualTLSTests {
        @Test(arguments: HTTPSVersion.allCases)
        func aClientWithACertificateIsServed(_ version: HTTPSVersion) async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            let clients = try CertificateAuthority(name: "Courier Client CA")
            let identity = try clients.issue(commonName: "courier-client", hosts: [], addresses: [])
            try await withHTTPSServer(authority, version: version, clientCertificateAuthority: clients.certificate) {
                baseURL, _ in
                try await withTLSTransport(clientTLSConfiguration(trusting: authority, identity: identity)) {
                    transport in
                    let client = APIClient(baseURL: baseURL, transport: transport)
                    let echo = try await client.send(EchoRequest(path: "/echo/mtls"))
                    #expect(echo.path == "/echo/mtls")
                }
            }
        }

        @Test(arguments: [false, true], [TLSVersion.tlsv12, .tlsv13])
        func aClientWithoutAnAcceptedCertificateIsRefusedAndSendsNothing(
            _ presentsAnother: Bool, serverVersion: TLSVersion
        ) async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            let clients = try CertificateAuthority(name: "Courier Client CA")
            var server = try Self.requiringClientCertificates(from: clients, authority: authority)
            server.maximumTLSVersion = serverVersion
            try await RecordingTLSServer.withRunning(server) { recorder in
                // Another authority's certificate, or none.
                let stranger =
                    presentsAnother
                    ? try CertificateAuthority(name: "Stranger CA").issue(hosts: [], addresses: []) : nil
                try await withTLSTransport(clientTLSConfiguration(trusting: authority, identity: stranger)) {
                    transport in
                    let client = APIClient(
                        baseURL: recorder.baseURL, transport: transport, interceptors: [RetryInterceptor()])
                    let error = await #expect(throws: APIError.self) {
                        try await client.send(EchoRequest(headers: [.authorization: "Bearer s3cret"]))
                    }
                    #expect(error?.kind == .tls, "\(String(describing: error))")
                    #expect(error?.message.contains("127.0.0.1") == true)
                    let failure = try #require(error?.tlsFailure)
                    if serverVersion == .tlsv12 && !presentsAnother {
                        // TLS 1.2 has no alert for a missing certificate: BoringSSL sends the generic
                        // handshake_failure, which does not say why. The message names both causes,
                        // and that this client presented no certificate.
                        #expect(failure.reason == .handshakeRefused)
                        #expect(failure.presentedClientCertificate == false)
                        #expect(
                            error?.message.contains("requires a client certificate and this client presented none")
                                == true)
                        #expect(error?.message.contains("share no TLS version or cipher suite") == true)
                    } else {
                        #expect(failure.reason == .clientCertificateRejected, "\(String(describing: error))")
                    }
                }
                #expect(recorder.received.isEmpty, "the server received: \(recorder.received)")
                #expect(recorder.connections == 1)
            }
        }

        static func requiringClientCertificates(
            from clients: CertificateAuthority, authority: CertificateAuthority
        ) throws -> TLSConfiguration {
            var tls = DemoTLS(identity: try authority.issue())
            tls.clientCertificateAuthority = clients.certificate
            return tls.serverConfiguration
        }
    }
#endif
