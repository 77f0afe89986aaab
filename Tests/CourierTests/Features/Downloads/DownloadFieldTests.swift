import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierCore
@testable import CourierDownloads

/// What a download reads in a response's fields: validators (RFC 9110), `Content-Range`, the
/// digests of RFC 9530, and the digests an app gives.
@Suite("Downloads: fields")
struct DownloadFieldTests {
    static func head(_ fields: HTTPFields, status: HTTPResponse.Status = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headerFields: fields)
    }

    @Test func aStrongEntityTagWithRangesCanBeResumed() {
        let representation = Representation(
            whole: Self.head([.eTag: "\"abc\"", .acceptRanges: "bytes", .contentLength: "10"]), preferring: nil)
        #expect(representation.validator == "\"abc\"")
        #expect(representation.length == 10)
        #expect(representation.isResumable)
    }

    @Test(arguments: [
        [HTTPField(name: .eTag, value: "W/\"abc\""), HTTPField(name: .acceptRanges, value: "bytes")],
        [HTTPField(name: .eTag, value: "\"abc\""), HTTPField(name: .acceptRanges, value: "none")],
        [HTTPField(name: .eTag, value: "\"abc\"")],
        [HTTPField(name: .eTag, value: "abc"), HTTPField(name: .acceptRanges, value: "bytes")],
        [
            HTTPField(name: .eTag, value: "\"abc\""), HTTPField(name: .acceptRanges, value: "bytes"),
            HTTPField(name: .contentEncoding, value: "gzip"),
        ],
        // A weak tag forbids the date too (RFC 9110, 13.1.5).
        [
            HTTPField(name: .eTag, value: "W/\"abc\""), HTTPField(name: .acceptRanges, value: "bytes"),
            HTTPField(name: .lastModified, value: "Tue, 15 Nov 1994 12:45:26 GMT"),
            HTTPField(name: .date, value: "Tue, 15 Nov 1994 13:45:26 GMT"),
        ],
    ])
    func withoutAStrongValidatorRangesOrIdentityItCannot(_ fields: [HTTPField]) {
        #expect(!Representation(whole: Self.head(HTTPFields(fields)), preferring: nil).isResumable)
    }

    @Test(arguments: [
        ("Tue, 15 Nov 1994 12:45:27 GMT", true),
        ("Tue, 15 Nov 1994 12:45:26 GMT", false),
        ("not a date", false),
    ])
    func lastModifiedIsStrongOnlyASecondBeforeTheDate(_ date: String, _ strong: Bool) {
        let representation = Representation(
            whole: Self.head([
                .lastModified: "Tue, 15 Nov 1994 12:45:26 GMT", .date: date, .acceptRanges: "bytes",
            ]), preferring: nil)
        #expect(representation.isResumable == strong)
        #expect((representation.validator == "Tue, 15 Nov 1994 12:45:26 GMT") == strong)
    }

    @Test func contentRangeParsesItsBoundsAndLength() {
        let range = ContentRange("bytes 0-499/1234")
        #expect(range?.first == 0 && range?.last == 499 && range?.complete == 1234)
        #expect(ContentRange("bytes 500-999/*")?.complete == nil)
        for bad in ["bytes */1234", "bytes 5-4/10", "bytes 0-9/9", "items 0-1/2", "bytes 0-1", "", "bytes -1-2/3"] {
            #expect(ContentRange(bad) == nil, "\(bad)")
        }
    }

    @Test func digestFieldsKeepTheKnownAlgorithmsOfTheRightLength() {
        let sha256 = Data(repeating: 1, count: 32).base64EncodedString()
        let sha512 = Data(repeating: 2, count: 64).base64EncodedString()
        let short = Data(repeating: 3, count: 31).base64EncodedString()
        let digests = ServerDigest.parse(
            "md5=:AAAA:, sha-256=:\(sha256):;x=1, SHA-512=:\(sha512):, sha-256=:\(short):")
        #expect(digests[.sha512] == Array(repeating: 2, count: 64))
        // Its parameter ignored; the later member, one byte short, skipped.
        #expect(digests[.sha256] == Array(repeating: 1, count: 32))
        #expect(digests.count == 2)
    }

    @Test func contentDigestCountsOnlyOnAWholeBody() {
        let value = "sha-256=:\(Data(repeating: 1, count: 32).base64EncodedString()):"
        #expect(
            ServerDigest.announced(in: Self.head([.contentDigest: value]), preferring: nil)?.field == "Content-Digest")
        #expect(
            ServerDigest.announced(in: Self.head([.contentDigest: value], status: .partialContent), preferring: nil)
                == nil)
        #expect(
            ServerDigest.announced(in: Self.head([.reprDigest: value], status: .partialContent), preferring: nil)?.field
                == "Repr-Digest")
    }

    @Test func anAppsDigestIsCheckedForItsLength() {
        #expect(DownloadDigest.sha256(hex: String(repeating: "aB", count: 32)) != nil)
        #expect(DownloadDigest.sha256(hex: String(repeating: "a", count: 63)) == nil)
        #expect(DownloadDigest.sha256(hex: String(repeating: "g", count: 64)) == nil)
        #expect(DownloadDigest.sha512(Data(count: 64)) != nil)
        #expect(DownloadDigest.sha512(Data(count: 32)) == nil)
    }
}

/// The internal SHA-512 against the NIST test vectors (FIPS 180-4 examples): the one this build
/// hashes with, and Courier's own.
@Suite("SHA512")
struct SHA512Tests {
    @Test(
        arguments: SHA2Implementation.allCases,
        [
            (
                "",
                "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
            ),
            (
                "abc",
                "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"
            ),
        ])
    func matchesTheNISTVectors(_ implementation: SHA2Implementation, _ vector: (String, String)) {
        #expect(implementation.sha512([Array(vector.0.utf8)]) == vector.1)
    }

    @Test(arguments: SHA2Implementation.allCases)
    func aMillionAsInUnevenPiecesMatchTheNISTVector(_ implementation: SHA2Implementation) {
        #expect(
            implementation.sha512(SHA2Implementation.millionAs)
                == "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"
        )
    }
}
