import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if CourierNIO
    import AsyncHTTPClient
    import NIOCore
    import NIOHTTP1
    import NIOHTTP2
    import NIOPosix
#endif

/// Reads a transport's failure before any response for how far the request got
/// (``APIError/Delivery``): part of ``DeadlineScope/classify(_:request:response:)``, the one
/// place errors are worded.
///
/// What each library throws, as read in its sources (AsyncHTTPClient 1.37, swift-nio-http2
/// 1.46, FoundationNetworking) and seen on the wire (`WireConnectionFaultTests`,
/// `HTTP2FaultTests`): a stream refused with HTTP/2's `REFUSED_STREAM` reaches the request as
/// `NIOHTTP2Errors.StreamClosed` with that code (and so does a stream above a `GOAWAY`'s last id,
/// once `AsyncHTTPClientTransport` has named it: swift-nio-http2 closes it with `CANCEL`); a
/// connection closed before the response as `HTTPClientError.remoteConnectionClosed`, a reset
/// one as `IOError` `ECONNRESET` or `EPIPE`, or over URLSession as
/// `URLError.networkConnectionLost`.
enum ConnectionFaults {
    /// How far the request got before `error`, which no response preceded.
    static func delivery(of error: any Error) -> APIError.Delivery {
        if isUnanswered(error) { return .notSent }
        #if CourierNIO
            if let closed = error as? NIOHTTP2Errors.StreamClosed {
                return closed.errorCode == .refusedStream ? .notProcessed : .mayHaveBeenProcessed
            }
        #endif
        return .mayHaveBeenProcessed
    }

    /// Whether `error` means that the connection was lost (closed or reset by the server, or
    /// dropped by the network) after it was made, with no response: what a kept-alive connection
    /// the server had closed ends in.
    static func isLostConnection(_ error: any Error) -> Bool {
        if let error = error as? URLError { return error.code == .networkConnectionLost || isEmptyReply(error) }
        #if CourierNIO
            switch error {
            case let error as HTTPClientError:
                return error == .remoteConnectionClosed
            case let error as IOError:
                return [ECONNRESET, EPIPE].contains(error.errnoCode)
            case let error as ChannelError:
                return error == .ioOnClosedChannel || error == .eof || error == .outputClosed
            default:
                return false
            }
        #else
            return false
        #endif
    }

    /// Whether `error` means that the server's answer arrived but could not be read as HTTP.
    static func isUnreadableAnswer(_ error: any Error) -> Bool {
        #if CourierNIO
            if error is HTTPParserError { return true }
        #endif
        if let error = error as? URLError {
            return [.badServerResponse, .cannotParseResponse].contains(error.code) && !isEmptyReply(error)
        }
        return false
    }

    /// Whether `error` is curl's "Empty reply from server" (`CURLE_GOT_NOTHING`), which
    /// FoundationNetworking reports as `badServerResponse`: the connection closed before any
    /// byte of a response.
    private static func isEmptyReply(_ error: URLError) -> Bool {
        error.code == .badServerResponse
            && error.userInfo[NSLocalizedDescriptionKey] as? String == "Empty reply from server"
    }

    /// Whether `error` means that no connection to the server was made, so that nothing of the
    /// request was written: the name did not resolve, the connection was refused or timed out.
    private static func isUnanswered(_ error: any Error) -> Bool {
        if let error = error as? URLError {
            return notSentCodes.contains(error.code)
        }
        #if CourierNIO
            switch error {
            case is NIOConnectionError, is SocketAddressError:
                return true
            case let error as IOError:
                return [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL].contains(error.errnoCode)
            case ChannelError.connectTimeout:
                return true
            case let error as HTTPClientError:
                return notSentClientErrors.contains(error)
            default:
                return false
            }
        #else
            return false
        #endif
    }

    /// URLSession's errors for a request it never wrote.
    private static let notSentCodes: Set<URLError.Code> = [
        .cannotFindHost, .dnsLookupFailed, .cannotConnectToHost, .notConnectedToInternet, .internationalRoamingOff,
        .dataNotAllowed, .unsupportedURL, .badURL, .appTransportSecurityRequiresSecureConnection,
        .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
        .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
        .clientCertificateRequired,
    ]

    #if CourierNIO
        /// AsyncHTTPClient's errors for a request it never wrote.
        private static let notSentClientErrors: [HTTPClientError] = [
            .connectTimeout, .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout,
            .proxyAuthenticationRequired, .invalidProxyResponse, .getConnectionFromPoolTimeout, .alreadyShutdown,
            .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath,
        ]
    #endif
}
