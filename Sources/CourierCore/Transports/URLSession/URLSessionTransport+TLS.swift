#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension URLSessionTransport {
    /// Creates a transport over a new session that holds the hosts of `pins` to their public
    /// keys, on Apple platforms.
    ///
    /// When a pinned host's server presents its certificate, the system verifies it first (chain,
    /// dates, host name); the transport then accepts it only if the key of one certificate in the
    /// verified chain (the server's own, an intermediate authority's or the root's) is among the
    /// host's pins. Otherwise the call fails with ``APIError/Kind/tls`` and
    /// ``TLSFailure/Reason/pinMismatch`` before any byte of the request is sent. A pinned host is
    /// called over `https` only: a request for `http` fails before it is sent. The
    /// ``APIClient`` follows redirects, so a redirect to another host is held to that host's pins.
    ///
    /// FoundationNetworking, on Linux, hands no server-trust challenge to a session's delegate, so
    /// it cannot enforce pins: there this throws, rather than make a transport that would not pin.
    /// Use ``AsyncHTTPClientTransport/init(configuration:eventLoopGroup:pins:decompressionRatio:probesRejectedCertificates:)``.
    ///
    /// - Parameters:
    ///   - configuration: The session's configuration; ``recommendedConfiguration`` by default.
    ///   - decompressionRatio: The largest size a compressed body may decompress to, as a multiple
    ///     of its `Content-Length`.
    ///   - pins: The hosts to pin, and their keys.
    /// - Throws: ``PublicKeyPins/ConfigurationError`` on Linux, where pins cannot be enforced.
    public convenience init(
        configuration: URLSessionConfiguration = URLSessionTransport.recommendedConfiguration,
        decompressionRatio: Int = URLSessionTransport.defaultDecompressionRatio,
        pins: PublicKeyPins
    ) throws(PublicKeyPins.ConfigurationError) {
        #if canImport(FoundationNetworking)
            if !pins.isEmpty {
                throw PublicKeyPins.ConfigurationError(
                    "URLSession on Linux (FoundationNetworking) offers no server-trust challenge, so it cannot "
                        + "enforce pins; use AsyncHTTPClientTransport(pins:), the default transport there")
            }
        #endif
        self.init(
            configuration: configuration, decompressionRatio: decompressionRatio, delegate: SessionDelegate(pins: pins))
    }
}

#if canImport(Security)
    extension URLSessionTransport {
        /// Creates a transport over a new session that presents a client certificate to servers
        /// that ask for one (mutual TLS), and holds the hosts of `pins` to their public keys.
        ///
        /// ```swift
        /// let identity: SecIdentity = …  // from the keychain, or a PKCS #12 file (`SecPKCS12Import`)
        /// let transport = URLSessionTransport(
        ///     clientCertificate: URLCredential(identity: identity, certificates: nil, persistence: .forSession))
        /// ```
        ///
        /// Only on Apple platforms: FoundationNetworking, on Linux, offers no client-certificate
        /// challenge (``AsyncHTTPClientTransport`` presents one from its `tlsConfiguration`). A
        /// server that refuses the certificate fails the call with ``APIError/Kind/tls`` and
        /// ``TLSFailure/Reason/clientCertificateRejected``.
        ///
        /// - Parameters:
        ///   - configuration: The session's configuration; ``recommendedConfiguration`` by default.
        ///   - decompressionRatio: The largest size a compressed body may decompress to, as a
        ///     multiple of its `Content-Length`.
        ///   - pins: The hosts to pin, and their keys; none by default.
        ///   - clientCertificate: A credential made with `URLCredential(identity:certificates:persistence:)`.
        public convenience init(
            configuration: URLSessionConfiguration = URLSessionTransport.recommendedConfiguration,
            decompressionRatio: Int = URLSessionTransport.defaultDecompressionRatio,
            pins: PublicKeyPins? = nil,
            clientCertificate: URLCredential
        ) {
            let certificate = ClientCertificate(credential: clientCertificate)
            let delegate = SessionDelegate(pins: pins, clientCertificate: certificate)
            self.init(configuration: configuration, decompressionRatio: decompressionRatio, delegate: delegate)
        }
    }
#endif

/// A client certificate's credential, shared with the session's delegate queue: `URLCredential`
/// is immutable once made. Made on Apple platforms only (``URLSessionTransport``'s
/// `init(configuration:decompressionRatio:pins:clientCertificate:)`).
struct ClientCertificate: @unchecked Sendable {
    let credential: URLCredential
}
