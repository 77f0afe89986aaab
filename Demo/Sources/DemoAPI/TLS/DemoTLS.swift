#if Demo
    import Hummingbird
    import HummingbirdCore
    import HummingbirdHTTP2
    import HummingbirdTLS
    import HummingbirdWebSocket
    import NIOCore
    package import NIOSSL

    /// How the demo server speaks HTTPS: its certificate, whether it asks for a client's, which TLS
    /// versions it accepts, and whether it offers HTTP/2.
    package struct DemoTLS: Sendable {
        /// The server's certificate chain and key.
        package var identity: TLSIdentity
        /// When set, the server requires a client certificate issued by this authority (mutual TLS).
        package var clientCertificateAuthority: NIOSSLCertificate?
        /// Whether the server offers HTTP/2 (by ALPN, beside HTTP/1.1).
        package var http2 = false
        /// The oldest TLS version the server accepts.
        package var minimumVersion: TLSVersion = .tlsv12
        /// The newest TLS version the server accepts, if not the newest it knows.
        package var maximumVersion: TLSVersion?

        /// Settings for a server with `identity`.
        package init(identity: TLSIdentity) {
            self.identity = identity
        }

        /// A new authority and a server certificate it issued for `localhost` and `127.0.0.1`.
        ///
        /// - Throws: When the certificates cannot be made.
        package static func makeWithAuthority() throws -> (DemoTLS, CertificateAuthority) {
            let authority = try CertificateAuthority(name: "Courier Demo CA")
            return (DemoTLS(identity: try authority.issue()), authority)
        }

        /// The server's side as swift-nio-ssl's configuration.
        package var serverConfiguration: TLSConfiguration {
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: identity.certificateChain.map { .certificate($0) },
                privateKey: .privateKey(identity.privateKey)
            )
            // How long closing a connection waits for the client's close_notify: 5 s by default,
            // which held up the server's graceful shutdown (and so each test) when a client had gone.
            configuration.shutdownTimeout = .milliseconds(200)
            configuration.minimumTLSVersion = minimumVersion
            configuration.maximumTLSVersion = maximumVersion
            if let clientCertificateAuthority {
                configuration.certificateVerification = .noHostnameVerification
                configuration.trustRoots = .certificates([clientCertificateAuthority])
            }
            return configuration
        }

        /// The server Hummingbird builds, counting each connection it accepts in `connections`.
        func serverBuilder(counting connections: ConnectionCounter, state: DemoState) throws -> HTTPServerBuilder {
            let configuration = serverConfiguration
            if http2 {
                return HTTPServerBuilder { responder in
                    CountingChildChannel(
                        base: try HTTP2UpgradeChannel(tlsConfiguration: configuration, responder: responder),
                        counter: connections)
                }
            }
            // HTTP/1.1 with the WebSocket upgrade (`wss`), as the plain server has it.
            return HTTPServerBuilder { responder in
                let http1 = HTTP1WebSocketUpgradeChannel(
                    responder: responder, configuration: HTTP1WebSocketUpgradeChannel.Configuration()
                ) { request, _, _ in
                    await LiveRoutes.shouldUpgrade(request, state: state)
                }
                return CountingChildChannel(
                    base: try TLSChannel(http1, tlsConfiguration: configuration), counter: connections)
            }
        }
    }
#endif
