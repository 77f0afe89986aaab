import Foundation

#if CourierNIO
    import AsyncHTTPClient
    import NIOCore
    import NIOHTTP2
#endif

/// Plain words for the errors transports report, in place of their raw descriptions (NIO's
/// "connection reset (error set): Connection refused) (errno: 111)", Foundation's
/// "Error Domain=NSURLErrorDomain Code=-1004 "(null)" UserInfo={…}").
enum UnderlyingErrorText {
    /// A short text for a transport's error, or `nil` for an error this does not know.
    static func describe(_ error: any Error) -> String? {
        #if CourierNIO
            if let error = error as? IOError {
                return "\(String(cString: strerror(error.errnoCode))) (errno \(error.errnoCode))"
            }
            if let error = error as? HTTPClientError, let text = describeProxy(error) {
                return text
            }
            if let error = error as? NIOHTTP2Errors.StreamClosed {
                return "The HTTP/2 stream was closed with \(name(of: error.errorCode))"
            }
        #endif
        if let error = error as? URLError {
            return describe(error)
        }
        return nil
    }

    #if CourierNIO
        /// An HTTP/2 error code's name in RFC 9113 (section 7), like `REFUSED_STREAM`.
        private static func name(of code: HTTP2ErrorCode) -> String {
            let names = [
                "NO_ERROR", "PROTOCOL_ERROR", "INTERNAL_ERROR", "FLOW_CONTROL_ERROR", "SETTINGS_TIMEOUT",
                "STREAM_CLOSED", "FRAME_SIZE_ERROR", "REFUSED_STREAM", "CANCEL", "COMPRESSION_ERROR",
                "CONNECT_ERROR", "ENHANCE_YOUR_CALM", "INADEQUATE_SECURITY", "HTTP_1_1_REQUIRED",
            ]
            let code = Int(code.networkCode)
            return names.indices.contains(code) ? names[code] : "error code \(code)"
        }

        /// AsyncHTTPClient's proxy failures: its own descriptions name only the error's code.
        private static func describeProxy(_ error: HTTPClientError) -> String? {
            switch error {
            case .proxyAuthenticationRequired:
                "The proxy requires credentials, or refused the client's (407 Proxy Authentication Required)"
            case .invalidProxyResponse: "The proxy refused to open a tunnel to the server, or its answer was invalid"
            case .httpProxyHandshakeTimeout: "The proxy did not open a tunnel to the server in time"
            default: nil
            }
        }
    #endif

    private static func describe(_ error: URLError) -> String {
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
}
