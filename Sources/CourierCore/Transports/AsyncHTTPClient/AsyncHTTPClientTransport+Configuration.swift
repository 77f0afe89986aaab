#if CourierNIO
    public import AsyncHTTPClient
    public import NIOCore
    import NIOHTTPCompression
    public import NIOSSL

    extension AsyncHTTPClientTransport {
        /// The largest size a compressed response body may decompress to, as a multiple of its
        /// compressed size, in ``recommendedConfiguration``: 100.
        ///
        /// JSON typically compresses 5 to 20 times; a decompression bomb (a few kilobytes that
        /// inflate to gigabytes) compresses about 1,000 times. Past the ratio the call fails with
        /// ``APIError/Kind/bodyTooLarge``, whatever ``APIClient/Configuration/maximumBodySize`` says.
        public static let defaultDecompressionRatio = 100

        /// How long ``recommendedConfiguration`` gives a new connection to connect and finish its
        /// TLS handshake: 10 seconds, as OkHttp's default.
        ///
        /// Without it AsyncHTTPClient waits 30 seconds, and a client's `shutdown()` waits for every
        /// connection still being made: after a server that stalled a handshake, 30 seconds. A
        /// call's own deadline is shorter when its timeout is: the call ends then, and only the
        /// connection attempt goes on to this limit.
        public static let defaultConnectTimeout = TimeAmount.seconds(10)

        /// The TLS configuration of ``recommendedConfiguration``: swift-nio-ssl's client
        /// configuration, with TLS 1.2 as the oldest version it accepts.
        ///
        /// swift-nio-ssl's own `TLSConfiguration.makeClientConfiguration()` still accepts TLS 1.0
        /// and 1.1, which RFC 8996 deprecated and URLSession refuses by default; a server that
        /// offers only those fails with ``TLSFailure/Reason/protocolRefused`` here, before anything
        /// is sent. A transport made with a `logger`
        /// (``init(configuration:eventLoopGroup:decompressionRatio:probesRejectedCertificates:logger:)``)
        /// warns once when its configuration accepts the older versions. Start from this one to
        /// trust an authority of your own or present a client certificate:
        ///
        /// ```swift
        /// var tls = AsyncHTTPClientTransport.recommendedTLSConfiguration
        /// tls.additionalTrustRoots = [.file("/etc/app/internal-ca.pem")]
        /// var configuration = AsyncHTTPClientTransport.recommendedConfiguration
        /// configuration.tlsConfiguration = tls
        /// let transport = AsyncHTTPClientTransport(configuration: configuration)
        /// ```
        public static var recommendedTLSConfiguration: TLSConfiguration {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.minimumTLSVersion = .tlsv12
            return tls
        }

        /// The configuration of ``shared``: start from it when you make a transport or an
        /// `HTTPClient` of your own.
        ///
        /// Redirects are not followed (Courier follows them itself, dropping credentials on a
        /// change of origin), a refused connection fails at once instead of being retried until
        /// the connect timeout, a new connection has ``defaultConnectTimeout`` to connect and
        /// finish its handshake, TLS is ``recommendedTLSConfiguration`` (TLS 1.2 at least), an
        /// HTTP/2 stream a `GOAWAY` left unprocessed fails so that the client sends it again, and
        /// `gzip` and `deflate` bodies are decompressed with a ratio limit of
        /// ``defaultDecompressionRatio``; for another ratio, pass it to
        /// ``init(configuration:eventLoopGroup:decompressionRatio:probesRejectedCertificates:)``.
        ///
        /// AsyncHTTPClient's own tracing is off: Courier starts the spans (one per call, one per
        /// request sent, see ``APIClient/Configuration/tracer``) and injects the trace context
        /// itself, the same way over every transport. A client of your own should turn it off too
        /// (`configuration.tracing.tracer = nil`), or each request gets a second span. Off, it also
        /// saves five allocations per call in AsyncHTTPClient's delegate API.
        public static var recommendedConfiguration: HTTPClient.Configuration {
            var configuration = HTTPClient.Configuration(
                tlsConfiguration: recommendedTLSConfiguration,
                redirectConfiguration: .disallow,
                timeout: .init(connect: defaultConnectTimeout),
                decompression: .enabled(limit: .ratio(defaultDecompressionRatio))
            )
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.tracing.tracer = nil
            return namingUnprocessedStreams(configuration)
        }

        /// Creates a transport over a client it makes from `configuration` and owns: call
        /// ``shutdown()`` when done with it.
        ///
        /// ```swift
        /// var tls = AsyncHTTPClientTransport.recommendedTLSConfiguration
        /// tls.trustRoots = .file("/etc/app/internal-ca.pem")
        /// var configuration = AsyncHTTPClientTransport.recommendedConfiguration
        /// configuration.tlsConfiguration = tls
        /// let transport = AsyncHTTPClientTransport(configuration: configuration)
        /// let client = APIClient(baseURL: URL(string: "https://internal.example.com")!, transport: transport)
        /// // …
        /// try await transport.shutdown()
        /// ```
        ///
        /// The client never follows redirects (`redirectConfiguration` is set to `.disallow`:
        /// Courier follows them itself) and decompresses as `decompressionRatio` says. A
        /// configuration without a TLS configuration gets ``recommendedTLSConfiguration``, and one
        /// without a connect timeout ``defaultConnectTimeout``; what yours sets stays.
        ///
        /// - Parameters:
        ///   - configuration: What the client is made with: ``recommendedConfiguration`` by default.
        ///   - eventLoopGroup: Where the client runs.
        ///   - decompressionRatio: The largest size a compressed body may decompress to, as a
        ///     multiple of its compressed size, or `nil` to ask for no compression.
        ///   - probesRejectedCertificates: Whether to read a rejected certificate's dates, over a
        ///     connection of its own, to say why it was rejected (see
        ///     ``init(client:decompressionRatio:probesRejectedCertificates:)``).
        public init(
            configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.recommendedConfiguration,
            eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup,
            decompressionRatio: Int? = AsyncHTTPClientTransport.defaultDecompressionRatio,
            probesRejectedCertificates: Bool = true
        ) {
            let configuration = Self.owned(configuration, decompressionRatio: decompressionRatio)
            let client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
            self.init(
                client: client, decompressionRatio: decompressionRatio,
                probesRejectedCertificates: probesRejectedCertificates)
            owned = [client]
            presentsClientCertificate = Self.presentsCertificate(configuration)
            self.tlsConfiguration = configuration.tlsConfiguration
        }

        /// Shuts down the clients the transport made
        /// (``init(configuration:eventLoopGroup:decompressionRatio:probesRejectedCertificates:)``, or
        /// ``init(configuration:eventLoopGroup:pins:decompressionRatio:probesRejectedCertificates:)``);
        /// a transport over a client of yours leaves it alone.
        ///
        /// It returns once every connection is closed, including one still being made: within the
        /// configuration's connect timeout (``defaultConnectTimeout``) after a server that stalls a
        /// handshake.
        public func shutdown() async throws {
            for client in owned {
                try await client.shutdown()
            }
        }

        /// `configuration` as the transport makes its clients with it: no redirects, the given
        /// decompression, Courier's TLS configuration and connect timeout where it sets none, and
        /// HTTP/2 streams that a `GOAWAY` left unprocessed named so (``namingUnprocessedStreams(_:)``).
        static func owned(
            _ configuration: HTTPClient.Configuration, decompressionRatio: Int?
        ) -> HTTPClient.Configuration {
            var configuration = configuration
            configuration.redirectConfiguration = .disallow
            configuration.decompression = decompressionRatio.map { .enabled(limit: .ratio($0)) } ?? .disabled
            if configuration.tlsConfiguration == nil {
                configuration.tlsConfiguration = recommendedTLSConfiguration
            }
            if configuration.timeout.connect == nil {
                configuration.timeout.connect = defaultConnectTimeout
            }
            return namingUnprocessedStreams(configuration)
        }

        /// Whether a client made with `configuration` presents a certificate of its own.
        static func presentsCertificate(_ configuration: HTTPClient.Configuration) -> Bool {
            !(configuration.tlsConfiguration?.certificateChain.isEmpty ?? true)
        }
    }
#endif
