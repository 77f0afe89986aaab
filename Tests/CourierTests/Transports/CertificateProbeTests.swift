#if CourierNIO
    @testable import CourierCore
    import Foundation
    import NIOSSL
    import Testing

    /// How a rejected certificate's dates become a reason, and where the probe connects.
    @Suite("CertificateProbe")
    struct CertificateProbeTests {
        static func request(_ authority: String, scheme: String = "https") -> HTTPRequest {
            HTTPRequest(method: .get, scheme: scheme, authority: authority, path: "/")
        }

        @Test(arguments: [
            ("api.example.com", "api.example.com", 443),
            ("api.example.com:8443", "api.example.com", 8443),
            ("127.0.0.1:9000", "127.0.0.1", 9000),
            ("[::1]:8443", "::1", 8443),
            ("[::1]", "::1", 443),
        ])
        func connectsToTheRequestsHostAndPort(authority: String, host: String, port: Int) {
            let endpoint = CertificateProbe.endpoint(of: Self.request(authority))
            #expect(endpoint?.0 == host)
            #expect(endpoint?.1 == port)
        }

        @Test(arguments: [
            (-48.0, -1.0, TLSFailure.Reason.expiredCertificate, "it expired at"),
            (1.0, 48.0, .certificateNotYetValid, "it is valid from"),
            (-1.0, 1.0, .untrustedCertificate, "its issuer is not trusted"),
        ])
        func theDatesSayWhyACertificateWasRejected(
            from: Double, until: Double, reason: TLSFailure.Reason, words: String
        ) {
            let now = Date()
            let rejected = RejectedCertificate(
                underlying: NIOSSLError.unableToValidateCertificate,
                notValidBefore: now + from * 3600, notValidAfter: now + until * 3600)
            let failure = TLSErrors.failure(from: rejected, request: Self.request("api.example.com:8443"))
            #expect(failure?.reason == reason)
            #expect(failure?.host == "api.example.com")
            #expect(failure?.message.contains(words) == true)
        }
    }
#endif
