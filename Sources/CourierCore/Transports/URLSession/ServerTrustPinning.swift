#if canImport(Security)
    import Foundation
    import Security

    /// A pinned host's server trust, on Apple platforms: the system's verification, then the
    /// host's pins.
    enum ServerTrustPinning {
        /// How to answer the server-trust challenge of a pinned host.
        ///
        /// - Parameters:
        ///   - trust: The challenge's trust, with the system's policy for the host.
        ///   - host: The host's pins.
        /// - Returns: The disposition and credential to answer with, and the mismatch when the
        ///   challenge is cancelled for one.
        static func evaluate(
            _ trust: SecTrust, against host: PublicKeyPins.Host
        ) -> (URLSession.AuthChallengeDisposition, URLCredential?, PinMismatch?) {
            var error: CFError?
            guard SecTrustEvaluateWithError(trust, &error) else {
                // The system's own handling refuses it, with the URLError that says why.
                return (.performDefaultHandling, nil, nil)
            }
            let chain = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
            let certificates = chain.map { [UInt8](SecCertificateCopyData($0) as Data) }
            if let mismatch = host.check(certificates: certificates) {
                return (.cancelAuthenticationChallenge, nil, mismatch)
            }
            return (.useCredential, URLCredential(trust: trust), nil)
        }
    }
#endif
