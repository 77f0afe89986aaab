import Courier
import Foundation
import Testing

@testable import CourierCaching
@testable import CourierCore

/// The internal SHA-256 against the NIST test vectors (FIPS 180-4 examples): the one this build
/// hashes with, and Courier's own.
@Suite("SHA256")
struct SHA256Tests {
    @Test(
        arguments: SHA2Implementation.allCases,
        [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func matchesTheNISTVectors(_ implementation: SHA2Implementation, _ vector: (String, String)) {
        #expect(implementation.sha256([Array(vector.0.utf8)]) == vector.1)
    }

    @Test(arguments: SHA2Implementation.allCases)
    func aMillionAsInUnevenPiecesMatchTheNISTVector(_ implementation: SHA2Implementation) {
        #expect(
            implementation.sha256(SHA2Implementation.millionAs)
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func theHexOfDataIsTheDigestOfItsBytes() {
        #expect(SHA256.hex(of: Array("abc".utf8)) == SHA2Implementation.compiled.sha256([Array("abc".utf8)]))
    }

    /// Courier's own and the compiled one agree on every length around the block's, in any pieces.
    @Test func courierOwnAgreesWithTheCompiledOneOnEveryLength() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...300 {
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let cut = Int.random(in: 0...length, using: &generator)
            let pieces = [Array(message[..<cut]), Array(message[cut...])]
            let whole = SHA2Implementation.compiled.sha256([message])
            #expect(SHA2Implementation.portable.sha256(pieces) == whole, "length \(length), cut at \(cut)")
            #expect(SHA2Implementation.compiled.sha512(pieces) == SHA2Implementation.portable.sha512([message]))
        }
    }
}
