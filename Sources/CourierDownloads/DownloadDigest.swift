import CourierCore
public import Foundation

/// The digest a downloaded body must have, known from elsewhere: a release page, a manifest, an
/// API that lists files with their SHA-256.
///
/// Give it as ``DownloadOptions/expectedDigest``: the download hashes the body as it is written
/// (across resumptions too) and fails with ``APIError/Kind/digestMismatch``, removing the file
/// and leaving the destination as it was, when the whole body does not match.
///
/// ```swift
/// guard let digest = DownloadDigest.sha256(hex: manifest.sha256) else { return }
/// try await client.download(ModelRequest(), to: modelURL, options: DownloadOptions(expectedDigest: digest))
/// ```
public struct DownloadDigest: Sendable, Hashable, CustomStringConvertible {
    let algorithm: DigestAlgorithm
    let bytes: [UInt8]

    init?(_ algorithm: DigestAlgorithm, bytes: [UInt8]) {
        guard bytes.count == algorithm.size else { return nil }
        self.algorithm = algorithm
        self.bytes = bytes
    }

    /// A SHA-256 digest written as 64 hexadecimal digits, in either case.
    ///
    /// - Parameter hex: The digest's hexadecimal digits.
    /// - Returns: The digest, or `nil` when `hex` is not 64 hexadecimal digits.
    public static func sha256(hex: String) -> DownloadDigest? {
        Self(.sha256, bytes: Self.bytes(hex: hex))
    }

    /// A SHA-256 digest as its 32 bytes.
    ///
    /// - Parameter digest: The digest's bytes.
    /// - Returns: The digest, or `nil` when `digest` is not 32 bytes long.
    public static func sha256(_ digest: Data) -> DownloadDigest? {
        Self(.sha256, bytes: Array(digest))
    }

    /// A SHA-512 digest written as 128 hexadecimal digits, in either case.
    ///
    /// - Parameter hex: The digest's hexadecimal digits.
    /// - Returns: The digest, or `nil` when `hex` is not 128 hexadecimal digits.
    public static func sha512(hex: String) -> DownloadDigest? {
        Self(.sha512, bytes: Self.bytes(hex: hex))
    }

    /// A SHA-512 digest as its 64 bytes.
    ///
    /// - Parameter digest: The digest's bytes.
    /// - Returns: The digest, or `nil` when `digest` is not 64 bytes long.
    public static func sha512(_ digest: Data) -> DownloadDigest? {
        Self(.sha512, bytes: Array(digest))
    }

    /// The algorithm and the digest in hexadecimal, like `sha-256=e3b0c442…`.
    public var description: String {
        "\(algorithm.rawValue)=\(SHA256.hex(bytes))"
    }

    /// The bytes of a string of hexadecimal digits; empty when it is not one.
    private static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(of: digits[index]), let low = value(of: digits[index + 1]) else { return [] }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// The hash algorithms a download's digest may use: those of RFC 9530's registry that are not
/// deprecated, `sha-256` and `sha-512`.
enum DigestAlgorithm: String, Sendable, Hashable, Codable, CaseIterable {
    case sha256 = "sha-256"
    case sha512 = "sha-512"

    /// The digest's length in bytes.
    var size: Int {
        switch self {
        case .sha256: 32
        case .sha512: 64
        }
    }
}

/// A body's hash as it is written, in the algorithm of the digest it is checked against.
struct DigestHasher: Sendable {
    let algorithm: DigestAlgorithm
    // One of the two, by `algorithm` (optionals, so that an update mutates in place).
    private var sha256: SHA256?
    private var sha512: SHA512?

    init(_ algorithm: DigestAlgorithm) {
        self.algorithm = algorithm
        switch algorithm {
        case .sha256: sha256 = SHA256()
        case .sha512: sha512 = SHA512()
        }
    }

    /// The bytes hashed so far.
    var length: Int64 {
        Int64(sha256?.length ?? sha512?.length ?? 0)
    }

    /// Adds bytes to the message.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        sha256?.update(bytes)
        sha512?.update(bytes)
    }

    /// Adds bytes to the message.
    mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// The digest of the bytes so far.
    func finalize() -> [UInt8] {
        sha256?.finalize() ?? sha512?.finalize() ?? []
    }
}
