import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What URLSession's errors (`URLError`) mean to the call path (``FaultReader``): on Linux,
/// FoundationNetworking over curl, whose messages carry what its codes do not.
///
/// A connection lost before the response is `networkConnectionLost`, or curl's "Empty reply from
/// server" (`CURLE_GOT_NOTHING`), which FoundationNetworking reports as `badServerResponse`.
enum URLSessionFaults: FaultReader {
    static func delivery(of error: any Error) -> APIError.Delivery? {
        guard let error = error as? URLError, notSentCodes.contains(error.code) else { return nil }
        return .notSent
    }

    static func isLostConnection(_ error: any Error) -> Bool {
        guard let error = error as? URLError else { return false }
        return error.code == .networkConnectionLost || isEmptyReply(error)
    }

    static func isUnreadableAnswer(_ error: any Error) -> Bool {
        guard let error = error as? URLError else { return false }
        return [.badServerResponse, .cannotParseResponse].contains(error.code) && !isEmptyReply(error)
    }

    /// Whether `error` is curl's "Empty reply from server" (`CURLE_GOT_NOTHING`), which
    /// FoundationNetworking reports as `badServerResponse`: the connection closed before any
    /// byte of a response.
    private static func isEmptyReply(_ error: URLError) -> Bool {
        error.code == .badServerResponse
            && error.userInfo[NSLocalizedDescriptionKey] as? String == "Empty reply from server"
    }

    /// URLSession's errors for a request it never wrote: the name did not resolve, the connection
    /// was refused or timed out, or the TLS handshake failed.
    private static let notSentCodes: Set<URLError.Code> = [
        .cannotFindHost, .dnsLookupFailed, .cannotConnectToHost, .notConnectedToInternet, .internationalRoamingOff,
        .dataNotAllowed, .unsupportedURL, .badURL, .appTransportSecurityRequiresSecureConnection,
        .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
        .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
        .clientCertificateRequired,
    ]

    static func describe(_ error: any Error) -> String? {
        guard let error = error as? URLError else { return nil }
        let text: String
        switch error.code {
        case .cannotConnectToHost:
            text = "Could not connect to the server: the connection was refused, or nothing answered"
        case .cannotFindHost, .dnsLookupFailed:
            text = "The host name could not be resolved"
        case .networkConnectionLost:
            text = "The network connection was lost"
        case .notConnectedToInternet:
            text = "The device is not connected to a network"
        case .timedOut:
            text = "The transport timed out"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            text = "The secure connection could not be established"
        case .badServerResponse:
            text = "The server's answer was not valid HTTP"
        case .cancelled:
            text = "The transfer was cancelled"
        default:
            let detail = (error.userInfo[NSLocalizedDescriptionKey] as? String).map { ": \($0)" } ?? ""
            text = "URLSession error \(error.code.rawValue)\(detail)"
        }
        return "\(text) (URLError \(error.code.rawValue))"
    }

    static func tlsFailure(from error: any Error, host: String) -> TLSFailure? {
        guard let urlError = error as? URLError, let reason = reason(of: urlError) else { return nil }
        if reason == .handshakeRefused {
            // FoundationNetworking never presents a client certificate (it offers no
            // client-certificate challenge); elsewhere the session does not say.
            #if canImport(FoundationNetworking)
                let presented: Bool? = false
            #else
                let presented: Bool? = nil
            #endif
            return HandshakeRefusal(underlying: error, presentedClientCertificate: presented).failure(host: host)
        }
        return TLSFailure(reason: reason, host: host, underlying: error)
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
}
