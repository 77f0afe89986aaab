/// A server's generic `handshake_failure` alert, with what the transport knows of its own side:
/// whether it presented a client certificate.
///
/// The alert does not say why. OpenSSL and BoringSSL send it when the two sides share no TLS
/// version or cipher suite, and, before TLS 1.3, when the server requires a client certificate and
/// the client presented none (TLS 1.3 has an alert of its own for that, `certificate_required`).
/// So ``TLSErrors`` claims neither: the failure's reason is ``TLSFailure/Reason/handshakeRefused``
/// and its message names both causes.
struct HandshakeRefusal: Error {
    /// The TLS library's error.
    var underlying: any Error
    /// Whether the client presented a certificate; `nil` when the transport does not know.
    var presentedClientCertificate: Bool?

    /// The failure it stands for, with `host`.
    func failure(host: String) -> TLSFailure {
        var failure = TLSFailure(reason: .handshakeRefused, host: host, underlying: underlying)
        failure.presentedClientCertificate = presentedClientCertificate
        failure.detail = causes
        return failure
    }

    /// Both causes, the likelier first, for the failure's message.
    private var causes: String {
        let versions = "the client and the server share no TLS version or cipher suite"
        return switch presentedClientCertificate {
        case false?: "it requires a client certificate and this client presented none, or \(versions)"
        case true?: "it did not accept this client's certificate, or \(versions)"
        case nil: "it requires a client certificate and got none it accepts, or \(versions)"
        }
    }
}
