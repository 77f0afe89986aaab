/// What Courier's SHA-256 and SHA-512 share (FIPS 180-4): a message added in pieces, its length so
/// far, and its digest.
///
/// Each hashes through the platform's implementation where Courier has one: CryptoKit on Apple
/// platforms; on Linux and Android, OpenSSL's `libcrypto` where the process has it, as every
/// process that can use FoundationNetworking does (``LibCrypto``: the system's assembly, with the
/// CPU's SHA extensions and AVX2); where it has not, with the `AsyncHTTPClient` trait swift-crypto's
/// `Crypto` (BoringSSL's assembly, a second BoringSSL that trait's build compiles), and without
/// either Courier's own (``PortableSHA2``), so that an app built with `traits: []` builds no
/// cryptography.
package protocol SHA2: Sendable {
    init()
    /// The message's length so far, in bytes.
    var length: UInt64 { get }
    /// Adds bytes to the message.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
    /// The digest of the message so far; the message can go on.
    func finalize() -> [UInt8]
}

extension SHA2 {
    /// Adds bytes to the message.
    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if done == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    /// The digest so far, as lowercase hexadecimal digits.
    package var hexDigest: String {
        Self.hex(finalize())
    }

    /// Bytes as lowercase hexadecimal digits.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
