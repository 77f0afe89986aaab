import Testing

@testable import CourierCore

/// The SHA-2 implementations the tests check: the one Courier hashes with in this build (the
/// platform's, or Courier's own without one) and Courier's own, whichever is compiled in.
enum SHA2Implementation: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case compiled
    case portable
    /// On Linux, what `compiled` falls back to where the process has no OpenSSL `libcrypto`:
    /// swift-crypto's with the `AsyncHTTPClient` trait, Courier's own without.
    case withoutLibCrypto = "without libcrypto"

    var testDescription: String { rawValue }

    /// The SHA-256 of the pieces, added one after another, in hexadecimal.
    func sha256(_ pieces: [[UInt8]]) -> String {
        switch self {
        case .compiled:
            var hash = SHA256()
            for piece in pieces { hash.update(piece) }
            return hash.hexDigest
        case .portable:
            var hash = PortableSHA256()
            for piece in pieces { piece.withUnsafeBytes { hash.update(bufferPointer: $0) } }
            return SHA256.hex(hash.finalize())
        case .withoutLibCrypto:
            #if !canImport(CryptoKit) && (os(Linux) || os(Android))
                var hash = SHA256(systemLibrary: false)
            #else
                var hash = SHA256()
            #endif
            for piece in pieces { hash.update(piece) }
            return hash.hexDigest
        }
    }

    /// The SHA-512 of the pieces, added one after another, in hexadecimal.
    func sha512(_ pieces: [[UInt8]]) -> String {
        switch self {
        case .compiled:
            var hash = SHA512()
            for piece in pieces { hash.update(piece) }
            return hash.hexDigest
        case .portable:
            var hash = PortableSHA512()
            for piece in pieces { piece.withUnsafeBytes { hash.update(bufferPointer: $0) } }
            return SHA512.hex(hash.finalize())
        case .withoutLibCrypto:
            #if !canImport(CryptoKit) && (os(Linux) || os(Android))
                var hash = SHA512(systemLibrary: false)
            #else
                var hash = SHA512()
            #endif
            for piece in pieces { hash.update(piece) }
            return hash.hexDigest
        }
    }

    /// A million `a`s in pieces of uneven sizes that cross block boundaries at every offset: the
    /// NIST vector's message.
    static var millionAs: [[UInt8]] {
        var pieces: [[UInt8]] = []
        var remaining = 1_000_000
        var piece = 1
        while remaining > 0 {
            let count = min(piece, remaining)
            pieces.append([UInt8](repeating: UInt8(ascii: "a"), count: count))
            remaining -= count
            piece = piece * 3 + 7
        }
        return pieces
    }
}
