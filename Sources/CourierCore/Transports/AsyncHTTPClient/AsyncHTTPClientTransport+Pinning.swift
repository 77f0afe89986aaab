#if CourierNIO
    public import AsyncHTTPClient
    import Foundation
    import HTTPTypes
    public import NIOCore
    import NIOHTTPCompression
    import NIOSSL

    extension AsyncHTTPClientTransport {
        /// Creates a transport that holds the hosts of `pins` to their public keys, over clients
        /// it makes from `configuration` and owns: call ``shutdown()`` when done with it.
        ///
        /// ```swift
        /// let pins = try PublicKeyPins([.init("api.example.com", sha256: [current, backup])])
        /// let transport = AsyncHTTPClientTransport(pins: pins)
        /// let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport)
        /// // …
        /// try await transport.shutdown()
        /// ```
        ///
        /// Each pinned host gets an `HTTPClient` (and so connections) of its own, which checks the
        /// public key of every new connection's server certificate against the host's pins once
        /// the handshake has verified the certificate, and before any request is written on it. A
        /// mismatch fails the call with ``APIError/Kind/tls`` and
        /// ``TLSFailure/Reason/pinMismatch``; nothing of the request is sent, and the connection is
        /// closed. swift-nio-ssl shows AsyncHTTPClient's connections the server's leaf certificate
        /// only, so pin the key of the server's own certificate (and a backup key), not an
        /// authority's. Unpinned hosts share one more client.
        ///
        /// A pinned host is called over `https` only: a request for `http` fails before it is
        /// sent. Redirects are followed by the ``APIClient``, never by the clients (the
        /// transport sets `redirectConfiguration` to `.disallow`), so a redirect to another host
        /// is held to that host's pins.
        ///
        /// - Parameters:
        ///   - configuration: What each client is made with: ``recommendedConfiguration`` by
        ///     default. Its `decompression` is replaced to follow `decompressionRatio`, its
        ///     redirects are turned off, it gets ``recommendedTLSConfiguration`` and
        ///     ``defaultConnectTimeout`` where it sets none, and the connection debug initializers
        ///     it sets run after the pin check.
        ///   - eventLoopGroup: Where the clients run.
        ///   - pins: The hosts to pin, and their keys.
        ///   - decompressionRatio: The largest size a compressed body may decompress to, as a
        ///     multiple of its compressed size, or `nil` to ask for no compression.
        ///   - probesRejectedCertificates: Whether to read a rejected certificate's dates, over a
        ///     connection of its own, to say why it was rejected (see
        ///     ``init(client:decompressionRatio:probesRejectedCertificates:)``).
        public init(
            configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.recommendedConfiguration,
            eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup,
            pins: PublicKeyPins,
            decompressionRatio: Int? = AsyncHTTPClientTransport.defaultDecompressionRatio,
            probesRejectedCertificates: Bool = true
        ) {
            let configuration = Self.owned(configuration, decompressionRatio: decompressionRatio)
            let general = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
            var pinned: [String: HTTPClient] = [:]
            for host in pins.hosts {
                var pinning = configuration
                pinning.http1_1ConnectionDebugInitializer = Self.checking(
                    host, then: configuration.http1_1ConnectionDebugInitializer)
                pinning.http2ConnectionDebugInitializer = Self.checking(
                    host, then: configuration.http2ConnectionDebugInitializer)
                pinned[host.name] = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: pinning)
            }
            self.init(
                client: general, decompressionRatio: decompressionRatio,
                probesRejectedCertificates: probesRejectedCertificates)
            self.pinning = Pinning(pins: pins, clients: pinned)
            self.owned = [general] + pinned.values
            self.presentsClientCertificate = Self.presentsCertificate(configuration)
            self.tlsConfiguration = configuration.tlsConfiguration
        }

        /// The pinned hosts and their clients.
        struct Pinning: Sendable {
            var pins: PublicKeyPins
            /// The client of each pinned host, by its name.
            var clients: [String: HTTPClient]
        }

        /// The client to send `request` through: its pinned host's, or the general one.
        ///
        /// - Throws: ``PinMismatch`` for a pinned host over `http`, which has no certificate.
        func client(for request: HTTPRequest) throws -> HTTPClient {
            guard let pinning, let host = pinning.pins.pins(for: TLSErrors.host(of: request)) else { return client }
            guard request.scheme == "https" else { throw PinMismatch(pins: host, overPlainHTTP: true) }
            // Every pinned host has a client; were one missing, the call fails rather than go unpinned.
            guard let pinned = pinning.clients[host.name] else { throw PinMismatch(pins: host) }
            return pinned
        }

        /// A connection debug initializer that checks the server certificate's key against
        /// `host`'s pins, then runs `next`. On a mismatch it fails (AsyncHTTPClient then fails the
        /// requests waiting for the connection with that error) and closes the connection.
        private static func checking(
            _ host: PublicKeyPins.Host, then next: (@Sendable (any Channel) -> EventLoopFuture<Void>)?
        ) -> @Sendable (any Channel) -> EventLoopFuture<Void> {
            { channel in
                channel.nioSSL_peerCertificate().flatMapThrowing { certificate in
                    let der = (try? certificate?.toDERBytes()).map { [$0] } ?? []
                    if let mismatch = host.check(certificates: der) {
                        // After AsyncHTTPClient has taken the failure (it does so as this future
                        // fails): the connection was never handed to the pool.
                        channel.eventLoop.execute { channel.close(promise: nil) }
                        throw mismatch
                    }
                }.flatMap {
                    next?(channel) ?? channel.eventLoop.makeSucceededVoidFuture()
                }
            }
        }
    }
#endif
