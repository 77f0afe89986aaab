import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a set of pins accepts, which host's pins hold for a name, and the key a pin hashes.
@Suite("Public-key pins")
struct PublicKeyPinsTests {
    static let pinA = Data(repeating: 0xA1, count: 32).base64EncodedString()
    static let pinB = Data(repeating: 0xB2, count: 32).base64EncodedString()

    static func host(_ name: String, subdomains: Bool = false) throws -> PublicKeyPins.Host {
        try PublicKeyPins.Host(name, includesSubdomains: subdomains, sha256: [pinA, pinB])
    }

    @Test
    func aHostTakesBase64HashesWithOrWithoutThePrefix() throws {
        let host = try PublicKeyPins.Host("API.Example.com.", sha256: ["sha256/" + Self.pinA, Self.pinB])
        #expect(host.name == "api.example.com")
        #expect(host.hashes == [Data(repeating: 0xA1, count: 32), Data(repeating: 0xB2, count: 32)])
        #expect(try PublicKeyPins.Host("[::1]", sha256: [Self.pinA, Self.pinB]).name == "::1")
    }

    @Test(arguments: [
        (["not base64!", pinB], "is not the base64 of a SHA-256 hash"),
        ([Data(repeating: 1, count: 20).base64EncodedString(), pinB], "is not the base64 of a SHA-256 hash"),
        ([pinA], "1 distinct pin: pin at least two keys"),
        ([pinA, "sha256/" + pinA], "1 distinct pin: pin at least two keys"),
        ([], "0 distinct pins"),
    ])
    func aHostRefusesPinsThatCannotProtectIt(pins: [String], message: String) {
        let error = #expect(throws: PublicKeyPins.ConfigurationError.self) {
            try PublicKeyPins.Host("api.example.com", sha256: pins)
        }
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test
    func aHostIsPinnedOnce() throws {
        let error = #expect(throws: PublicKeyPins.ConfigurationError.self) {
            try PublicKeyPins([Self.host("api.example.com"), Self.host("API.example.com")])
        }
        #expect(error?.description == "Public-key pins: api.example.com is pinned twice.")
        let empty = #expect(throws: PublicKeyPins.ConfigurationError.self) {
            try PublicKeyPins.Host("", sha256: [Self.pinA, Self.pinB])
        }
        #expect(empty != nil)
    }

    @Test
    func theClosestPinsHoldForAName() throws {
        let pins = try PublicKeyPins([
            Self.host("example.com", subdomains: true),
            Self.host("api.example.com"),
            Self.host("eu.api.example.com", subdomains: true),
            Self.host("other.org"),
        ])
        #expect(pins.pins(for: "api.example.com")?.name == "api.example.com")
        #expect(pins.pins(for: "API.EXAMPLE.COM.")?.name == "api.example.com")
        // api.example.com's own pins do not include subdomains: example.com's hold.
        #expect(pins.pins(for: "v2.api.example.com")?.name == "example.com")
        #expect(pins.pins(for: "x.eu.api.example.com")?.name == "eu.api.example.com")
        #expect(pins.pins(for: "www.example.com")?.name == "example.com")
        #expect(pins.pins(for: "example.com")?.name == "example.com")
        #expect(pins.pins(for: "notexample.com") == nil)
        #expect(pins.pins(for: "www.other.org") == nil)
        #expect(pins.pins(for: "127.0.0.1") == nil)
    }

    // Certificates made with `openssl req -x509` (the dates do not matter here), and their pins
    // as `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256
    // -binary | base64` computes them.
    static let rsaCertificate = """
        MIIDFTCCAf2gAwIBAgIUXHaataj/CiPtl3RA4EBJkir205swDQYJKoZIhvcNAQELBQAwGjEYMBYGA1UEAwwPcnNhLmV4YW1wbGUuY29tMB4XDTI2MTEyNTExMDYyOFoX\
        DTI2MTEyNjExMDYyOFowGjEYMBYGA1UEAwwPcnNhLmV4YW1wbGUuY29tMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAnvf52Kq6c9LupnT6fuYIzd2iQy5i\
        xnjPW3JwRjWn2SRHQTpeGtdDzNneXdds7lXn/uMdHrh637zSYIBu1ttxfvHXcVHB3yqmyKjqwK8J5khJy0vv0nWYrAKvUf13IpbOJ++019lNbk13EoQBQmFRQqM+mzS6\
        uPs5upwQZTeieIh32YlC6MokA0KCQbw+0Mb0/bPw64TbUfyPGf4oKBJkY7rdpFpetGo3Z8nTa3/gTUgOeHblsyN3kpXZ9kGvCXuPXrAyRcyQUahMC3jgOTZA0W3MJew2\
        ESgMfkl4Hp/zdQ72XTEy/C7lkdfkWWqbAN5ZLDsfW1yCY9+MADrJPk2tsQIDAQABo1MwUTAdBgNVHQ4EFgQUl5Hpoe4jXBMvT9WPfF2SKx2uwBIwHwYDVR0jBBgwFoAU\
        l5Hpoe4jXBMvT9WPfF2SKx2uwBIwDwYDVR0TAQH/BAUwAwEB/zANBgkqhkiG9w0BAQsFAAOCAQEAa6aESFwgxxmQsVqs7r+OQ+pyr1N9Ol3njgUvRLrYi/4wFrCFhuvP\
        xMy5EUbi4FLkIuEcaHNqbOoTXzqVaeRmuEqxumlnyI2r6HwGmGTXzxhV/Gtx+REI1oZwTKOWj++XOLvMfZl446qMlXMQGuKzytz5RP8FYV0XH5b27Iy+FUqUAptkNiWF\
        87IPAhEWHgmlPSTsViTWiNYlzmOV06IuXznhyALSlDDEgbDcFoXdKAQCbrf3rvdssL0lQMYeLeImu1PUreoTfsvcoWxH+My8QWn38gVL/j+WO7c6w6V3p6Lg/5/cxpOa\
        J0QbDb9yqnskDxC5OyV3qYKuGD05YZhzBQ==
        """
    static let ecCertificate = """
        MIIBhjCCAS2gAwIBAgIUeWsmvgEcycnO2YcqzgTSGQY4948wCgYIKoZIzj0EAwIwGTEXMBUGA1UEAwwOZWMuZXhhbXBsZS5jb20wHhcNMjYxMTI1MTEwNjI4WhcNMjYx\
        MTI2MTEwNjI4WjAZMRcwFQYDVQQDDA5lYy5leGFtcGxlLmNvbTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABETEBfEbnGdJsi4eYCsgb/C7xvqzW1YC14Vh8+laJG/H\
        oHQ3zhBo4ffRI4AVxKa0suPlcAqfOj0IUxb7K6bQrrejUzBRMB0GA1UdDgQWBBT+gNCgC1hAn9UxJetOQNmwhKbKxDAfBgNVHSMEGDAWgBT+gNCgC1hAn9UxJetOQNmw\
        hKbKxDAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0cAMEQCIH8q3MqFgJOFqetJsAyVzCY4Rh6RB5tWNsO08awnVTd9AiA7OSPjC7ZpdwIy327642EmLEIsFMkP\
        vYFSlhXav1UgSA==
        """
    /// Version 1: no `[0] version` field before the serial number. The same key as `ecCertificate`.
    static let v1Certificate = """
        MIIBLTCB0wIUQOdJ/1smRKALSx3PIQldcNhQNpIwCgYIKoZIzj0EAwIwGTEXMBUGA1UEAwwOdjEuZXhhbXBsZS5jb20wHhcNMjYxMTI1MTEwNjMxWhcNMjYxMTI2MTEw\
        NjMxWjAZMRcwFQYDVQQDDA52MS5leGFtcGxlLmNvbTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABETEBfEbnGdJsi4eYCsgb/C7xvqzW1YC14Vh8+laJG/HoHQ3zhBo\
        4ffRI4AVxKa0suPlcAqfOj0IUxb7K6bQrrcwCgYIKoZIzj0EAwIDSQAwRgIhAK5EpGrbVoA6+7ZcGzFmRpiKtmA8+dSUPHpa8JZ9eEZUAiEAxMVgI+lsoPHasZbQ1eS+\
        54X3w/KRWrRphskPYRhVxKc=
        """

    @Test(arguments: [
        (rsaCertificate, "6g3Dhc60KJPZbKL6coOi4K+xfVx9u7DgIIwZwNizRTY="),
        (ecCertificate, "/0xv4jdsbFfF7pgCNt9taUee3ObpE966VymlWORpLBE="),
        (v1Certificate, "/0xv4jdsbFfF7pgCNt9taUee3ObpE966VymlWORpLBE="),
    ])
    func aPinIsTheHashOfTheCertificatesKey(certificate: String, pin: String) throws {
        let der = try #require(Data(base64Encoded: certificate))
        #expect(SubjectPublicKeyInfo.sha256(ofCertificate: der)?.base64EncodedString() == pin)
    }

    @Test
    func aCertificateThatCannotBeReadHasNoKey() throws {
        let der = try #require(Data(base64Encoded: Self.ecCertificate))
        #expect(SubjectPublicKeyInfo.der(inCertificate: der.prefix(200)) == nil)
        #expect(SubjectPublicKeyInfo.der(inCertificate: Data([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF])) == nil)
        #expect(SubjectPublicKeyInfo.der(inCertificate: Data()) == nil)
        #expect(SubjectPublicKeyInfo.der(inCertificate: Data("not a certificate".utf8)) == nil)
        // Every truncation is refused. A byte changed inside the key is never read as the key it
        // was; a byte changed after it (the extensions, the signature) does not change the key read;
        // a byte changed before it is refused or read within the certificate. The reader never traps.
        let key = try #require(SubjectPublicKeyInfo.der(inCertificate: der))
        let keyRange = try #require(der.range(of: Data(key)))
        #expect((0..<der.count).allSatisfy { SubjectPublicKeyInfo.der(inCertificate: der.prefix($0)) == nil })
        for index in der.indices {
            for value: UInt8 in [0x00, 0x02, 0x30, 0x7F, 0x80, 0x81, 0x84, 0xA0, 0xFF] where der[index] != value {
                var corrupted = der
                corrupted[index] = value
                let read = SubjectPublicKeyInfo.der(inCertificate: corrupted)
                if keyRange.contains(index) {
                    #expect(read != key, "byte \(index) set to \(value)")
                } else if index >= keyRange.upperBound {
                    #expect(read == key, "byte \(index) set to \(value)")
                }
            }
        }
    }

    @Test
    func aChainMatchesWhenAnyOfItsKeysIsPinned() throws {
        let rsa = try #require(Data(base64Encoded: Self.rsaCertificate))
        let ec = try #require(Data(base64Encoded: Self.ecCertificate))
        let host = try PublicKeyPins.Host(
            "api.example.com", sha256: [Self.pinA, "/0xv4jdsbFfF7pgCNt9taUee3ObpE966VymlWORpLBE="])
        #expect(host.check(certificates: [Array(ec)]) == nil)
        #expect(host.check(certificates: [Array(rsa), Array(ec)]) == nil)
        let mismatch = try #require(host.check(certificates: [Array(rsa)]))
        #expect(mismatch.presented == ["6g3Dhc60KJPZbKL6coOi4K+xfVx9u7DgIIwZwNizRTY="])
        #expect(
            mismatch.description
                == "the server's public key sha256/6g3Dhc60KJPZbKL6coOi4K+xfVx9u7DgIIwZwNizRTY= is not among the 2 pins for api.example.com"
        )
        #expect(host.check(certificates: []) != nil)
    }

    @Test
    func aMismatchIsATLSFailureNamingTheHost() async throws {
        let host = try Self.host("api.example.com")
        let transport = StubTransport { _, _ in throw PinMismatch(pins: host, presented: [Self.pinA]) }
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!, transport: transport,
            interceptors: [RetryInterceptor(random: { 0 })]
        ) { $0.clock = ManualClock(advancesOnSleep: true) }
        let error = await #expect(throws: APIError.self) { try await client.send(TLSErrorTests.Plain()) }
        #expect(error?.kind == .tls)
        #expect(error?.tlsFailure?.reason == .pinMismatch)
        #expect(error?.tlsFailure?.host == "api.example.com")
        #expect(
            error?.message
                == "TLS with api.example.com failed: the server's public key is not among the keys pinned for it "
                + "(the server's public key sha256/\(Self.pinA) is not among the 2 pins for api.example.com). "
                + "Nothing of the request was sent.")
    }

    @Test
    func urlSessionPinsOrRefusesToBeMade() throws {
        let pins = try PublicKeyPins([Self.host("api.example.com")])
        #if canImport(FoundationNetworking)
            // FoundationNetworking offers no server-trust challenge: pins there would be ignored.
            let error = #expect(throws: PublicKeyPins.ConfigurationError.self) {
                _ = try URLSessionTransport(pins: pins)
            }
            #expect(error?.message.contains("AsyncHTTPClientTransport") == true)
            // No pins asked for, nothing refused.
            _ = try URLSessionTransport(pins: PublicKeyPins([]))
        #else
            _ = try URLSessionTransport(pins: pins)
        #endif
    }
}
