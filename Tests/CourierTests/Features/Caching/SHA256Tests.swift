import Courier
import Foundation
import Testing

@testable import CourierCaching
@testable import CourierCore

/// The internal SHA-256 against the NIST test vectors (FIPS 180-4 examples).
@Suite("SHA256")
struct SHA256Tests {
    @Test(arguments: [
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
    func matchesTheNISTVectors(_ message: String, _ digest: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == digest)
    }

    @Test func aMillionAsInUnevenPiecesMatchTheNISTVector() {
        var hash = SHA256()
        var remaining = 1_000_000
        var piece = 1
        while remaining > 0 {
            let count = min(piece, remaining)
            hash.update([UInt8](repeating: UInt8(ascii: "a"), count: count))
            remaining -= count
            piece = piece * 3 + 7  // crosses block boundaries at every offset
        }
        #expect(hash.hexDigest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
