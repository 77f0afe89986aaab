#if CourierNIO
    import AsyncHTTPClient
    import Foundation
    import HTTPTypes
    import NIOCore
    import NIOPosix
    import NIOSSL

    /// A server's certificate that failed verification, with the dates it is valid between: what
    /// ``AsyncHTTPClientTransport`` throws in place of BoringSSL's `CERTIFICATE_VERIFY_FAILED`,
    /// which does not say why.
    struct RejectedCertificate: Error {
        /// The TLS library's error.
        var underlying: any Error
        /// When the server's leaf certificate becomes valid.
        var notValidBefore: Date
        /// When it stops being valid.
        var notValidAfter: Date
    }

    extension AsyncHTTPClientTransport {
        /// A failure before the response, with a rejected certificate's dates when it was one
        /// (see ``init(client:decompressionRatio:probesRejectedCertificates:)``), or whether the
        /// client presented a certificate when the server refused the handshake without saying why.
        func explained(_ error: any Error, request: HTTPRequest) async -> any Error {
            if NIOFaults.isHandshakeRefusal(error) {
                return HandshakeRefusal(underlying: error, presentedClientCertificate: presentsClientCertificate)
            }
            guard probesRejectedCertificates, NIOFaults.isUnverifiedCertificate(error),
                let validity = await CertificateProbe.validity(for: request, on: client.eventLoopGroup)
            else { return error }
            return RejectedCertificate(
                underlying: error, notValidBefore: validity.notValidBefore, notValidAfter: validity.notValidAfter)
        }
    }

    /// Reads the certificate a server presents, for a certificate that failed verification: a
    /// TLS handshake on a connection of its own, which it aborts itself as soon as the server's
    /// certificate arrives (before the handshake ends, so nothing of any request is ever sent).
    enum CertificateProbe {
        /// The longest a probe may take.
        static let timeLimit = TimeAmount.seconds(2)

        /// The validity of the leaf certificate `request`'s server presents, or `nil` when it could
        /// not be read in time.
        ///
        /// - Parameters:
        ///   - request: The request whose handshake failed, for the host and the port.
        ///   - group: The event loops to connect on.
        /// - Returns: The leaf certificate's dates.
        static func validity(
            for request: HTTPRequest, on group: any EventLoopGroup
        ) async -> (notValidBefore: Date, notValidAfter: Date)? {
            guard let (host, port) = endpoint(of: request),
                let context = try? NIOSSLContext(configuration: AsyncHTTPClientTransport.recommendedTLSConfiguration)
            else { return nil }
            let presented = Locked<(notValidBefore: Date, notValidAfter: Date)?>(nil)
            let serverName = host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
            let bootstrap = ClientBootstrap(group: group)
                .connectTimeout(timeLimit)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let handler = try NIOSSLClientHandler(
                            context: context, serverHostname: serverName,
                            customVerificationCallback: { certificates, promise in
                                if let leaf = certificates.first {
                                    presented.withLock {
                                        $0 = (
                                            Date(timeIntervalSince1970: TimeInterval(leaf.notValidBefore)),
                                            Date(timeIntervalSince1970: TimeInterval(leaf.notValidAfter))
                                        )
                                    }
                                }
                                promise.succeed(.failed)  // ends the handshake here
                            })
                        try channel.pipeline.syncOperations.addHandler(handler)
                    }
                }
            guard let channel = try? await bootstrap.connect(host: host, port: port).get() else { return nil }
            channel.eventLoop.scheduleTask(in: timeLimit) { channel.close(promise: nil) }
            await withTaskCancellationHandler {
                try? await channel.closeFuture.get()
            } onCancel: {
                channel.close(promise: nil)
            }
            return presented.withLock { $0 }
        }

        /// The host (without brackets) and port `request` goes to.
        static func endpoint(of request: HTTPRequest) -> (String, Int)? {
            guard var authority = request.authority else { return nil }
            if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
            let defaultPort = request.scheme == "http" ? 80 : 443
            if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
                let host = String(authority[authority.index(after: authority.startIndex)..<close])
                let rest = authority[authority.index(after: close)...]
                return (host, rest.hasPrefix(":") ? Int(rest.dropFirst()) ?? defaultPort : defaultPort)
            }
            let parts = authority.split(separator: ":", maxSplits: 1)
            guard let host = parts.first else { return nil }
            return (String(host), parts.count == 2 ? Int(parts[1]) ?? defaultPort : defaultPort)
        }
    }
#endif
