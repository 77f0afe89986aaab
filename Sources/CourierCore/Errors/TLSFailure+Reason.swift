extension TLSFailure {
    /// Why a TLS handshake failed, as an open set of values you can compare and switch over.
    ///
    /// Not every transport tells every reason apart (the "Security" article has a table), so
    /// always include a `default` case.
    public struct Reason: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case untrustedCertificate
            case expiredCertificate
            case certificateNotYetValid
            case hostnameMismatch
            case protocolRefused
            case handshakeRefused
            case clientCertificateRejected
            case pinMismatch
            case other
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The server's certificate chain could not be verified: its issuer is not trusted (a
        /// self-signed certificate, a private authority the client was not told to trust), or,
        /// where the transport cannot say which, a certificate in it has expired or is not yet
        /// valid (``AsyncHTTPClientTransport`` when it could not read the certificate's dates).
        public static var untrustedCertificate: Self { .init(.untrustedCertificate) }

        /// The server's certificate has expired.
        public static var expiredCertificate: Self { .init(.expiredCertificate) }

        /// The server's certificate is not valid yet.
        public static var certificateNotYetValid: Self { .init(.certificateNotYetValid) }

        /// The server's certificate is valid, but for another host.
        public static var hostnameMismatch: Self { .init(.hostnameMismatch) }

        /// The client and the server agreed on no TLS version or cipher suite.
        public static var protocolRefused: Self { .init(.protocolRefused) }

        /// The server refused the handshake with TLS's generic `handshake_failure` alert, which
        /// does not say why: the client and the server share no TLS version or cipher suite, or
        /// (before TLS 1.3) the server requires a client certificate that the client did not
        /// present, or did not accept the one it did.
        ///
        /// ``TLSFailure/presentedClientCertificate`` says whether the client presented one, where
        /// the transport knows, and the message names both causes.
        public static var handshakeRefused: Self { .init(.handshakeRefused) }

        /// The server asked for a client certificate (mutual TLS) and the client had none, or the
        /// server did not accept the one it sent.
        public static var clientCertificateRejected: Self { .init(.clientCertificateRejected) }

        /// The server's certificate was trusted, but its public key is not among the host's
        /// ``PublicKeyPins``.
        public static var pinMismatch: Self { .init(.pinMismatch) }

        /// Another TLS failure; ``TLSFailure/underlying`` says what.
        public static var other: Self { .init(.other) }

        /// The reason's name, like `hostnameMismatch`.
        public var description: String { base.rawValue }

        /// The reason in words, for a message.
        var explanation: String {
            switch base {
            case .untrustedCertificate:
                "the server's certificate is not trusted"
            case .expiredCertificate: "the server's certificate has expired"
            case .certificateNotYetValid: "the server's certificate is not valid yet"
            case .hostnameMismatch: "the server's certificate is for another host"
            case .protocolRefused: "the client and the server share no TLS version or cipher suite"
            case .handshakeRefused: "the server refused the handshake without saying why"
            case .clientCertificateRejected: "the server requires a client certificate and refused the client's"
            case .pinMismatch: "the server's public key is not among the keys pinned for it"
            case .other: "the handshake failed"
            }
        }
    }
}
