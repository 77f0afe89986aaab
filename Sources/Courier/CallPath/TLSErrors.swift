import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if CourierNIO
    import NIOSSL
#endif

/// Recognizes a transport's TLS handshake failure and says why it failed: part of
/// ``DeadlineScope/classify(_:request:response:)``, the one place errors are worded.
enum TLSErrors {
    /// The failure `error` stands for.
    ///
    /// - Parameters:
    ///   - error: What the transport threw.
    ///   - request: The request it was sending, for the host's name.
    /// - Returns: The failure, or `nil` when `error` is no TLS handshake failure.
    static func failure(from error: any Error, request: HTTPRequest?) -> TLSFailure? {
        if let mismatch = error as? PinMismatch {
            var failure = TLSFailure(reason: .pinMismatch, host: host(of: request), underlying: mismatch)
            failure.detail = mismatch.description
            return failure
        }
        #if CourierNIO
            if let rejected = error as? RejectedCertificate {
                return rejectedFailure(rejected, request: request)
            }
        #endif
        if let refusal = error as? HandshakeRefusal {
            return refusal.failure(host: host(of: request))
        }
        guard let reason = reason(of: error) else { return nil }
        if reason == .handshakeRefused {
            let refusal = HandshakeRefusal(underlying: error, presentedClientCertificate: presentsCertificate(error))
            return refusal.failure(host: host(of: request))
        }
        var failure = TLSFailure(reason: reason, host: host(of: request), underlying: error)
        #if CourierNIO
            if isUnverifiedCertificate(error) {
                failure.detail = "its issuer is unknown, or it has expired or is not yet valid"
            }
        #endif
        return failure
    }

    /// What a TLS library's error says, in short: BoringSSL's error names ("BoringSSL:
    /// CERTIFICATE_VERIFY_FAILED") instead of swift-nio-ssl's text, which carries the path of
    /// the source file on the machine that built it; `nil` for a pin mismatch, whose message
    /// says it all.
    static func libraryText(of error: any Error) -> String? {
        if error is PinMismatch { return nil }
        #if CourierNIO
            switch error {
            case NIOSSLError.handshakeFailed(let boringSSLError):
                return "BoringSSL: " + errorNames(in: String(describing: boringSSLError))
            case BoringSSLError.sslError(let errors):
                return "BoringSSL: " + errorNames(in: String(describing: errors))
            default:
                break
            }
        #endif
        return UnderlyingErrorText.describe(error) ?? withoutSourcePaths(String(describing: error))
    }

    /// The names in BoringSSL's error text, like `CERTIFICATE_VERIFY_FAILED` in
    /// "[Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED
    /// at /…/handshake.cc:393]", each once, in order.
    static func errorNames(in text: String) -> String {
        var names: [String] = []
        for entry in text.components(separatedBy: "error:").dropFirst() {
            let message = entry.components(separatedBy: " at ").first ?? entry
            guard let name = message.split(separator: ":").last.map(String.init), !name.isEmpty else { continue }
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "])")))
            if !trimmed.isEmpty, !names.contains(trimmed) { names.append(trimmed) }
        }
        return names.isEmpty ? withoutSourcePaths(text) : names.joined(separator: ", ")
    }

    /// `text` without " at /path/file.cc:123" (a build machine's source path).
    static func withoutSourcePaths(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let at = rest.range(of: " at /") {
            result += rest[..<at.lowerBound]
            rest = rest[at.upperBound...]
            // The path ends at its line number, or at the end of the text.
            let end = rest.firstIndex { $0 == "]" || $0 == ")" || $0 == "," || $0 == " " } ?? rest.endIndex
            rest = rest[end...]
        }
        return result + rest
    }

    /// The host `request` was for, without a port or credentials.
    static func host(of request: HTTPRequest?) -> String {
        guard var authority = request?.authority else { return "the server" }
        if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close])
        }
        return authority.split(separator: ":", maxSplits: 1).first.map(String.init) ?? authority
    }

    /// Whether the client that raised `error` presented a certificate, where that is known:
    /// FoundationNetworking never presents one (it offers no client-certificate challenge).
    private static func presentsCertificate(_ error: any Error) -> Bool? {
        #if canImport(FoundationNetworking)
            if error is URLError { return false }
        #endif
        return nil
    }

    private static func reason(of error: any Error) -> TLSFailure.Reason? {
        if let urlError = error as? URLError {
            return reason(of: urlError)
        }
        #if CourierNIO
            return reason(ofNIOSSL: error)
        #else
            return nil
        #endif
    }

    /// Foundation's TLS codes. FoundationNetworking on Linux reports TLS failures as `unknown`
    /// (-1), with curl's message as the description: the reason is read from that message.
    private static func reason(of error: URLError) -> TLSFailure.Reason? {
        switch error.code {
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot: .untrustedCertificate
        case .serverCertificateHasBadDate: .expiredCertificate
        case .serverCertificateNotYetValid: .certificateNotYetValid
        case .clientCertificateRejected, .clientCertificateRequired: .clientCertificateRejected
        case .secureConnectionFailed: reason(ofCurlMessage: error) ?? .other
        case .unknown: reason(ofCurlMessage: error)
        default: nil
        }
    }

    /// The reason in curl's message for a TLS failure, like "SSL certificate problem: certificate
    /// has expired"; `nil` for a message that is not about TLS.
    private static func reason(ofCurlMessage error: URLError) -> TLSFailure.Reason? {
        guard let message = (error.userInfo[NSLocalizedDescriptionKey] as? String)?.lowercased() else { return nil }
        if message.hasPrefix("ssl certificate problem") {
            if message.contains("has expired") { return .expiredCertificate }
            if message.contains("not yet valid") { return .certificateNotYetValid }
            return .untrustedCertificate
        }
        if message.contains("ssl:") && message.contains("target host name") { return .hostnameMismatch }
        guard message.contains("ssl") || message.contains("tls") else { return nil }
        if message.contains("protocol version") || message.contains("unsupported protocol")
            || message.contains("no shared cipher")
        {
            return .protocolRefused
        }
        if message.contains("handshake failure") { return .handshakeRefused }
        if message.contains("certificate required") || message.contains("bad certificate") {
            return .clientCertificateRejected
        }
        return .other
    }

    #if CourierNIO
        /// swift-nio-ssl's errors, read from BoringSSL's error names: BoringSSL says a certificate
        /// failed verification (`CERTIFICATE_VERIFY_FAILED`) but not whether it was untrusted,
        /// expired or not yet valid.
        private static func reason(ofNIOSSL error: any Error) -> TLSFailure.Reason? {
            if let extra = error as? NIOSSLExtraError {
                guard extra == .failedToValidateHostname || extra == .serverHostnameImpossibleToMatch else {
                    return nil
                }
                return .hostnameMismatch
            }
            let stack: String
            switch error {
            case NIOSSLError.handshakeFailed(let boringSSLError):
                stack = String(describing: boringSSLError)
            case NIOSSLError.unableToValidateCertificate, NIOSSLError.noCertificateToValidate:
                return .untrustedCertificate
            case BoringSSLError.sslError(let errors):
                // After a TLS 1.3 handshake, the server's refusal of the client's certificate.
                stack = String(describing: errors)
                guard reason(ofStack: stack) == .clientCertificateRejected else { return nil }
            default:
                return nil
            }
            return reason(ofStack: stack)
        }

        /// Whether `error` is the server's generic `handshake_failure` alert, which does not say
        /// why: ``AsyncHTTPClientTransport`` then adds whether it presented a certificate.
        static func isHandshakeRefusal(_ error: any Error) -> Bool {
            guard case NIOSSLError.handshakeFailed(let boringSSLError) = error else { return false }
            return reason(ofStack: String(describing: boringSSLError)) == .handshakeRefused
        }

        /// Whether `error` is BoringSSL's refusal of the server's certificate chain, which does not
        /// say why: ``AsyncHTTPClientTransport`` then reads the certificate's dates.
        static func isUnverifiedCertificate(_ error: any Error) -> Bool {
            guard case NIOSSLError.handshakeFailed(let boringSSLError) = error else { return false }
            return String(describing: boringSSLError).contains("CERTIFICATE_VERIFY_FAILED")
        }

        /// A rejected certificate's reason, from its dates: past them it expired, before them it is
        /// not yet valid, and between them its issuer was not trusted.
        private static func rejectedFailure(_ rejected: RejectedCertificate, request: HTTPRequest?) -> TLSFailure {
            let now = Date()
            let format = Date.ISO8601FormatStyle()
            var failure = TLSFailure(
                reason: .untrustedCertificate, host: host(of: request), underlying: rejected.underlying)
            if rejected.notValidAfter < now {
                failure.reason = .expiredCertificate
                failure.detail = "it expired at \(rejected.notValidAfter.formatted(format))"
            } else if rejected.notValidBefore > now {
                failure.reason = .certificateNotYetValid
                failure.detail = "it is valid from \(rejected.notValidBefore.formatted(format))"
            } else {
                failure.detail = "its issuer is not trusted"
            }
            return failure
        }

        private static func reason(ofStack stack: String) -> TLSFailure.Reason {
            let markers: [(String, TLSFailure.Reason)] = [
                ("CERTIFICATE_VERIFY_FAILED", .untrustedCertificate),
                ("CERTIFICATE_REQUIRED", .clientCertificateRejected),
                ("ALERT_BAD_CERTIFICATE", .clientCertificateRejected),
                ("ALERT_UNKNOWN_CA", .clientCertificateRejected),
                ("ALERT_CERTIFICATE_UNKNOWN", .clientCertificateRejected),
                ("ALERT_CERTIFICATE_EXPIRED", .clientCertificateRejected),
                ("PROTOCOL_VERSION", .protocolRefused),
                ("UNSUPPORTED_PROTOCOL", .protocolRefused),
                ("NO_SHARED_CIPHER", .protocolRefused),
                ("NO_CIPHERS_AVAILABLE", .protocolRefused),
                // The generic alert: no common version or cipher, or (before TLS 1.3) a client
                // certificate required and not presented. It does not say which.
                ("ALERT_HANDSHAKE_FAILURE", .handshakeRefused),
            ]
            return markers.first { stack.contains($0.0) }?.1 ?? .other
        }
    #endif
}
