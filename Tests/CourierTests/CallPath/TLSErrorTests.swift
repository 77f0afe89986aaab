import Courier
import CourierTesting
import Foundation
import Testing

#if CourierNIO
    import NIOSSL
#endif

/// A TLS handshake failure is classified once, as `.tls` with a reason and the host, and is
/// never retried.
@Suite("TLS errors")
struct TLSErrorTests {
    struct Plain: APIRequest {
        typealias Response = String
        var method: HTTPRequest.Method { .get }
        var path: String { "/x" }
        var headers: HTTPFields { [.authorization: "Bearer s3cret"] }
    }

    static func failure(of error: any Error) async -> APIError? {
        let sent = Locked(0)
        let transport = StubTransport { _, _ in
            sent.withLock { $0 += 1 }
            throw error
        }
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com:8443")!, transport: transport,
            interceptors: [RetryInterceptor(random: { 0 })]
        ) { $0.clock = ManualClock(advancesOnSleep: true) }
        let apiError = await #expect(throws: APIError.self) { try await client.send(Plain()) }
        #expect(sent.withLock { $0 } == 1, "a TLS failure must not be retried")
        return apiError
    }

    @Test(arguments: [
        (URLError.Code.serverCertificateUntrusted, TLSFailure.Reason.untrustedCertificate),
        (.serverCertificateHasUnknownRoot, .untrustedCertificate),
        (.serverCertificateHasBadDate, .expiredCertificate),
        (.serverCertificateNotYetValid, .certificateNotYetValid),
        (.clientCertificateRequired, .clientCertificateRejected),
        (.clientCertificateRejected, .clientCertificateRejected),
        (.secureConnectionFailed, .other),
    ])
    func foundationCodesAreTLSFailures(code: URLError.Code, reason: TLSFailure.Reason) async {
        let error = await Self.failure(of: URLError(code))
        #expect(error?.kind == .tls)
        #expect(error?.tlsFailure?.reason == reason)
        #expect(error?.tlsFailure?.host == "api.example.com")
        #expect(error?.message.contains("api.example.com") == true)
        #expect(error?.description.contains("s3cret") == false)
    }

    @Test(arguments: [
        ("SSL certificate problem: unable to get local issuer certificate", TLSFailure.Reason.untrustedCertificate),
        ("SSL certificate problem: self-signed certificate", .untrustedCertificate),
        ("SSL certificate problem: certificate has expired", .expiredCertificate),
        ("SSL certificate problem: certificate is not yet valid", .certificateNotYetValid),
        ("SSL: no alternative certificate subject name matches target host name 'api.example.com'", .hostnameMismatch),
        ("OpenSSL/3.0.15: error:0A00042E:SSL routines::tlsv1 alert protocol version", .protocolRefused),
        ("OpenSSL/3.0.15: error:0A00045C:SSL routines::tlsv13 alert certificate required", .clientCertificateRejected),
    ])
    func curlMessagesOfFoundationNetworkingAreTLSFailures(message: String, reason: TLSFailure.Reason) async {
        // FoundationNetworking on Linux: URLError -1 with curl's words.
        let error = await Self.failure(of: URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: message]))
        #expect(error?.kind == .tls)
        #expect(error?.tlsFailure?.reason == reason)
        #expect(error?.tlsFailure?.host == "api.example.com")
    }

    @Test
    func curlsGenericHandshakeFailureClaimsNeitherCause() async throws {
        // OpenSSL answers a TLS 1.2 client without a required certificate with the same alert as a
        // client that shares no cipher: the message names both, and says no certificate was sent
        // (FoundationNetworking presents none).
        let message = "OpenSSL/3.0.15: error:0A000410:SSL routines::sslv3 alert handshake failure"
        let error = await Self.failure(of: URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: message]))
        let failure = try #require(error?.tlsFailure)
        #expect(failure.reason == .handshakeRefused)
        #expect(error?.message.contains("requires a client certificate") == true)
        #expect(error?.message.contains("share no TLS version or cipher suite") == true)
        #if canImport(FoundationNetworking)
            #expect(failure.presentedClientCertificate == false)
            #expect(error?.message.contains("this client presented none") == true)
        #endif
    }

    @Test
    func otherFoundationErrorsStayTransportFailures() async {
        let error = await #expect(throws: APIError.self) {
            try await APIClient(
                baseURL: URL(string: "https://api.example.com")!,
                transport: StubTransport { _, _ in throw URLError(.networkConnectionLost) }
            ).send(Plain())
        }
        #expect(error?.kind == .transport)
        #expect(error?.tlsFailure == nil)
    }

    #if CourierNIO
        @Test
        func swiftNIOSSLHostnameFailureIsAMismatch() async {
            let error = await Self.failure(of: NIOSSLExtraError.failedToValidateHostname)
            #expect(error?.kind == .tls)
            #expect(error?.tlsFailure?.reason == .hostnameMismatch)
        }

        @Test
        func swiftNIOSSLUncleanShutdownIsNoTLSFailure() async {
            let error = await #expect(throws: APIError.self) {
                try await APIClient(
                    baseURL: URL(string: "https://api.example.com")!,
                    transport: StubTransport { _, _ in throw NIOSSLError.uncleanShutdown }
                ).send(Plain())
            }
            #expect(error?.kind == .transport)
        }
    #endif
}
