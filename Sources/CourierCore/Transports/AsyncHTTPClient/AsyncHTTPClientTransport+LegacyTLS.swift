#if CourierNIO
    public import AsyncHTTPClient
    public import Logging
    public import NIOCore
    import NIOSSL

    extension AsyncHTTPClientTransport {
        /// Creates a transport over a client it makes from `configuration` and owns, and logs a
        /// warning to `logger` when that configuration accepts a TLS version older than 1.2.
        ///
        /// As ``init(configuration:eventLoopGroup:decompressionRatio:probesRejectedCertificates:)``
        /// otherwise. swift-nio-ssl's `TLSConfiguration.makeClientConfiguration()` still accepts
        /// TLS 1.0 and 1.1, which RFC 8996 deprecated; a configuration made from it rather than
        /// from ``recommendedTLSConfiguration`` would negotiate them with a server that offers
        /// nothing newer, without a word. With a logger, the transport says so once, as it is made:
        ///
        /// ```swift
        /// var configuration = AsyncHTTPClientTransport.recommendedConfiguration
        /// configuration.tlsConfiguration = .makeClientConfiguration()  // accepts TLS 1.0: warned
        /// let transport = AsyncHTTPClientTransport(configuration: configuration, logger: logger)
        /// ```
        ///
        /// - Parameters:
        ///   - configuration: What the client is made with.
        ///   - eventLoopGroup: Where the client runs.
        ///   - decompressionRatio: The largest size a compressed body may decompress to, as a
        ///     multiple of its compressed size, or `nil` to ask for no compression.
        ///   - probesRejectedCertificates: Whether to read a rejected certificate's dates, over a
        ///     connection of its own, to say why it was rejected.
        ///   - logger: Where the transport warns about its configuration.
        public init(
            configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.recommendedConfiguration,
            eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup,
            decompressionRatio: Int? = AsyncHTTPClientTransport.defaultDecompressionRatio,
            probesRejectedCertificates: Bool = true,
            logger: Logger
        ) {
            self.init(
                configuration: configuration, eventLoopGroup: eventLoopGroup, decompressionRatio: decompressionRatio,
                probesRejectedCertificates: probesRejectedCertificates)
            Self.warnAboutLegacyTLS(configuration, logger: logger)
        }

        /// Creates a transport that holds the hosts of `pins` to their public keys, over clients
        /// it makes from `configuration` and owns, and logs a warning to `logger` when that
        /// configuration accepts a TLS version older than 1.2.
        ///
        /// As ``init(configuration:eventLoopGroup:pins:decompressionRatio:probesRejectedCertificates:)``
        /// otherwise; the warning is that of
        /// ``init(configuration:eventLoopGroup:decompressionRatio:probesRejectedCertificates:logger:)``.
        ///
        /// - Parameters:
        ///   - configuration: What each client is made with.
        ///   - eventLoopGroup: Where the clients run.
        ///   - pins: The hosts to pin, and their keys.
        ///   - decompressionRatio: The largest size a compressed body may decompress to, as a
        ///     multiple of its compressed size, or `nil` to ask for no compression.
        ///   - probesRejectedCertificates: Whether to read a rejected certificate's dates, over a
        ///     connection of its own, to say why it was rejected.
        ///   - logger: Where the transport warns about its configuration.
        public init(
            configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.recommendedConfiguration,
            eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup,
            pins: PublicKeyPins,
            decompressionRatio: Int? = AsyncHTTPClientTransport.defaultDecompressionRatio,
            probesRejectedCertificates: Bool = true,
            logger: Logger
        ) {
            self.init(
                configuration: configuration, eventLoopGroup: eventLoopGroup, pins: pins,
                decompressionRatio: decompressionRatio, probesRejectedCertificates: probesRejectedCertificates)
            Self.warnAboutLegacyTLS(configuration, logger: logger)
        }

        /// The TLS versions older than 1.2 a client made from `configuration` accepts, oldest
        /// first: none for a configuration without TLS settings (the transport gives it
        /// ``recommendedTLSConfiguration``).
        static func legacyTLSVersions(_ configuration: HTTPClient.Configuration) -> [String] {
            switch configuration.tlsConfiguration?.minimumTLSVersion {
            case .tlsv1: ["1.0", "1.1"]
            case .tlsv11: ["1.1"]
            default: []
            }
        }

        /// Logs one warning when `configuration` accepts a TLS version older than 1.2.
        static func warnAboutLegacyTLS(_ configuration: HTTPClient.Configuration, logger: Logger) {
            let versions = legacyTLSVersions(configuration)
            guard let oldest = versions.first else { return }
            logger.warning(
                """
                The transport's TLS configuration accepts TLS \(versions.joined(separator: " and ")), which RFC 8996 \
                deprecated: start from AsyncHTTPClientTransport.recommendedTLSConfiguration, or set its \
                minimumTLSVersion to .tlsv12
                """,
                metadata: ["courier.tls.minimumVersion": "\(oldest)"])
        }
    }
#endif
