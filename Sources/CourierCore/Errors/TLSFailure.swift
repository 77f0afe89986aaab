/// Why a TLS handshake failed, and with which host: the ``APIError/underlying`` error of an
/// ``APIError/Kind/tls`` error.
///
/// ```swift
/// catch let error where error.kind == .tls {
///     if let failure = error.tlsFailure, failure.reason == .hostnameMismatch {
///         report("\(failure.host) presented another host's certificate")
///     } else {
///         report(error.message)
///     }
/// }
/// ```
public struct TLSFailure: Error, CustomStringConvertible {
    /// Why the handshake failed.
    public var reason: Reason

    /// The host the client tried to reach, like `api.example.com`.
    public var host: String

    /// The error the transport's TLS library raised, if any.
    public var underlying: (any Error)?

    /// Whether the client presented a certificate of its own in the handshake, where the
    /// transport knows: for ``Reason/handshakeRefused``, which may mean that the server required
    /// one. `nil` when the transport does not know (an `HTTPClient` made elsewhere, whose
    /// configuration AsyncHTTPClient does not let anyone read) or the reason does not need it.
    public var presentedClientCertificate: Bool?

    /// More than the reason says, for the message: "it expired at …".
    var detail: String?

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - reason: Why the handshake failed.
    ///   - host: The host the client tried to reach.
    ///   - underlying: The error the TLS library raised, if any.
    public init(reason: Reason, host: String, underlying: (any Error)? = nil) {
        self.reason = reason
        self.host = host
        self.underlying = underlying
    }

    /// The reason and the host, then the TLS library's own words: "untrustedCertificate for
    /// api.example.com (BoringSSL: CERTIFICATE_VERIFY_FAILED)".
    public var description: String {
        var text = "\(reason) for \(host)"
        if let libraryText { text += " (\(libraryText))" }
        return text
    }

    /// What the TLS library said, in short: its error names, without the source paths of the
    /// machine it was built on; `nil` when the message already says all of it.
    var libraryText: String? {
        underlying.flatMap(TLSErrors.libraryText(of:))
    }

    /// A sentence for a person, naming the host and the reason.
    var message: String {
        let detail = detail.map { " (\($0))" } ?? ""
        return "TLS with \(host) failed: \(reason.explanation)\(detail). Nothing of the request was sent."
    }
}

extension APIError {
    /// Why the TLS handshake failed, for an ``APIError/Kind/tls`` error; `nil` otherwise.
    public var tlsFailure: TLSFailure? {
        underlying as? TLSFailure
    }
}
