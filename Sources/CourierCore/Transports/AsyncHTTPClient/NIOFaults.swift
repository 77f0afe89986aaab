#if CourierNIO
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1
    import NIOHTTP2
    import NIOPosix
    import NIOSSL

    /// What AsyncHTTPClient's, SwiftNIO's and swift-nio-ssl's errors mean to the call path
    /// (``FaultReader``), as read in their sources (AsyncHTTPClient 1.37, swift-nio-http2 1.46)
    /// and seen on the wire (`WireConnectionFaultTests`, `HTTP2FaultTests`, the TLS tests).
    ///
    /// A stream refused with HTTP/2's `REFUSED_STREAM` reaches the request as
    /// `NIOHTTP2Errors.StreamClosed` with that code (and so does a stream above a `GOAWAY`'s last
    /// id, once ``AsyncHTTPClientTransport`` has named it: swift-nio-http2 closes it with
    /// `CANCEL`); a connection closed before the response as
    /// `HTTPClientError.remoteConnectionClosed`, a reset one as `IOError` `ECONNRESET` or `EPIPE`.
    enum NIOFaults: FaultReader {
        static func delivery(of error: any Error) -> APIError.Delivery? {
            if isUnanswered(error) { return .notSent }
            if let closed = error as? NIOHTTP2Errors.StreamClosed {
                return closed.errorCode == .refusedStream ? .notProcessed : .mayHaveBeenProcessed
            }
            return nil
        }

        static func isLostConnection(_ error: any Error) -> Bool {
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
        }

        static func isUnreadableAnswer(_ error: any Error) -> Bool {
            error is HTTPParserError
        }

        /// Whether `error` means that no connection to the server was made, so that nothing of
        /// the request was written: the name did not resolve, the connection was refused or timed
        /// out.
        private static func isUnanswered(_ error: any Error) -> Bool {
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
        }

        /// AsyncHTTPClient's errors for a request it never wrote.
        private static let notSentClientErrors: [HTTPClientError] = [
            .connectTimeout, .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout,
            .proxyAuthenticationRequired, .invalidProxyResponse, .getConnectionFromPoolTimeout, .alreadyShutdown,
            .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath,
        ]

        // MARK: Plain words

        static func describe(_ error: any Error) -> String? {
            if let error = error as? IOError {
                return "\(String(cString: strerror(error.errnoCode))) (errno \(error.errnoCode))"
            }
            if let error = error as? HTTPClientError, let text = describeProxy(error) {
                return text
            }
            if let error = error as? NIOHTTP2Errors.StreamClosed {
                return "The HTTP/2 stream was closed with \(name(of: error.errorCode))"
            }
            return nil
        }

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

        // MARK: TLS

        static func tlsFailure(from error: any Error, host: String) -> TLSFailure? {
            if let rejected = error as? RejectedCertificate {
                return rejectedFailure(rejected, host: host)
            }
            guard let reason = reason(ofNIOSSL: error) else { return nil }
            if reason == .handshakeRefused {
                return HandshakeRefusal(underlying: error, presentedClientCertificate: nil).failure(host: host)
            }
            var failure = TLSFailure(reason: reason, host: host, underlying: error)
            if isUnverifiedCertificate(error) {
                failure.detail = "its issuer is unknown, or it has expired or is not yet valid"
            }
            return failure
        }

        static func libraryText(of error: any Error) -> String? {
            switch error {
            case NIOSSLError.handshakeFailed(let boringSSLError):
                "BoringSSL: " + TLSErrors.errorNames(in: String(describing: boringSSLError))
            case BoringSSLError.sslError(let errors):
                "BoringSSL: " + TLSErrors.errorNames(in: String(describing: errors))
            default:
                nil
            }
        }

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

        /// A rejected certificate's reason, from its dates: past them it expired, before them it
        /// is not yet valid, and between them its issuer was not trusted.
        private static func rejectedFailure(_ rejected: RejectedCertificate, host: String) -> TLSFailure {
            let now = Date()
            let format = Date.ISO8601FormatStyle()
            var failure = TLSFailure(reason: .untrustedCertificate, host: host, underlying: rejected.underlying)
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
    }
#endif
