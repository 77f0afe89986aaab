import Testing

@testable import CourierCore

/// On Linux, SHA-256 and SHA-512 through OpenSSL's `libcrypto` (``LibCrypto``): loaded, and a
/// value like the other engines (the NIST vectors run through it in `SHA256Tests` and
/// `DownloadFieldTests` as the `compiled` implementation).
@Suite("LibCrypto")
struct LibCryptoTests {
    #if !canImport(CryptoKit) && (os(Linux) || os(Android))
        /// FoundationNetworking loads it (through libcurl), so where URLSession works, Courier
        /// hashes with OpenSSL.
        @Test func isLoadedWhereFoundationNetworkingIs() {
            #expect(LibCrypto.shared != nil)
        }

        /// A copy taken mid-message goes on by itself: each side's digest is its own message's,
        /// and finalizing leaves the message open.
        @Test func aCopyGoesOnByItself() {
            var first = SHA512()
            first.update(Array("ab".utf8))
            var second = first
            first.update(Array("c".utf8))
            second.update(Array("d".utf8))
            let abc = SHA2Implementation.portable.sha512([Array("abc".utf8)])
            #expect(first.hexDigest == abc)
            #expect(second.hexDigest == SHA2Implementation.portable.sha512([Array("abd".utf8)]))
            #expect(first.hexDigest == abc)  // finalizing twice gives the same
            first.update(Array("d".utf8))
            #expect(first.hexDigest == SHA2Implementation.portable.sha512([Array("abcd".utf8)]))

            var hash = SHA256()
            hash.update(Array("a".utf8))
            let copy = hash
            hash.update(Array("bc".utf8))
            #expect(copy.hexDigest == SHA2Implementation.portable.sha256([Array("a".utf8)]))
            #expect(hash.hexDigest == SHA2Implementation.portable.sha256([Array("abc".utf8)]))
        }
    #endif
}
