import Courier
import Foundation
import Testing

@testable import CourierCore

/// A TLS error's description reads cleanly: the library's error names, no source path of the
/// machine that built it, and the reason and host said once.
@Suite("TLS error text")
struct TLSErrorTextTests {
    static let boringSSLText =
        "sslError([Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED "
        + "at /home/builder/.build/checkouts/swift-nio-ssl/Sources/CNIOBoringSSL/ssl/handshake.cc:393, "
        + "Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED "
        + "at /home/builder/.build/checkouts/swift-nio-ssl/Sources/CNIOBoringSSL/ssl/handshake.cc:393])"

    @Test func boringSSLErrorsAreTheirNamesOnce() {
        #expect(TLSErrors.errorNames(in: Self.boringSSLText) == "CERTIFICATE_VERIFY_FAILED")
        let two =
            "[Error: 1 error:10000410:SSL routines:OPENSSL_internal:SSLV3_ALERT_HANDSHAKE_FAILURE at /a/b.cc:1, "
            + "Error: 2 error:1000009a:SSL routines:OPENSSL_internal:HANDSHAKE_FAILURE_ON_CLIENT_HELLO at /a/c.cc:2]"
        #expect(TLSErrors.errorNames(in: two) == "SSLV3_ALERT_HANDSHAKE_FAILURE, HANDSHAKE_FAILURE_ON_CLIENT_HELLO")
    }

    @Test func textWithoutNamesLosesOnlyItsPaths() {
        #expect(TLSErrors.errorNames(in: "EOF during handshake") == "EOF during handshake")
        #expect(
            TLSErrors.withoutSourcePaths("failed at /src/x/y.cc:12, then at /src/z.cc:4]") == "failed, then]")
    }

    @Test func anAPIErrorSaysTheReasonAndTheHostOnce() {
        struct LibraryError: Error, CustomStringConvertible {
            var description: String { TLSErrorTextTests.boringSSLText }
        }
        var failure = TLSFailure(reason: .untrustedCertificate, host: "api.example.com", underlying: LibraryError())
        failure.detail = "its issuer is not trusted"
        let error = APIError(.tls, failure.message, underlying: failure)
        #expect(!error.description.contains("/home/builder"))
        #expect(!error.description.contains(".cc:"))
        #expect(error.description.components(separatedBy: "api.example.com").count == 2, "\(error.description)")
        #expect(!error.description.contains("untrustedCertificate for"))
        #expect(!failure.description.contains("/home/builder"))
        #expect(failure.description.hasPrefix("untrustedCertificate for api.example.com ("))
    }

    @Test func aPinMismatchIsDescribedByItsMessageAlone() throws {
        let pins = try PublicKeyPins([
            .init(
                "api.example.com",
                sha256: [String(repeating: "A", count: 43) + "=", String(repeating: "B", count: 43) + "="])
        ])
        let host = try #require(pins.pins(for: "api.example.com"))
        let mismatch = PinMismatch(pins: host)
        var failure = TLSFailure(reason: .pinMismatch, host: "api.example.com", underlying: mismatch)
        failure.detail = mismatch.description
        let error = APIError(.tls, failure.message, underlying: failure)
        let said = error.description.components(separatedBy: mismatch.description).count - 1
        #expect(said == 1, "\(error.description)")
    }
}
