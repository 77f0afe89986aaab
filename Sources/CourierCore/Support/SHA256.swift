#if canImport(CryptoKit)
    import CryptoKit
#elseif CourierNIO
    import Crypto
#endif

/// SHA-256 (FIPS 180-4), for cache keys, disk-entry checksums, public-key pins and downloads'
/// digests, through the platform's implementation where there is one (``SHA2``), and checked
/// against the NIST test vectors. It hashes public data only (a pin hashes a server's public
/// key).
///
/// Not for secrets at rest beyond that: a credential's digest keys its cache entries so that two
/// credentials never share one, and the credential itself is never stored.
package struct SHA256: SHA2 {
    #if canImport(CryptoKit)
        typealias Engine = CryptoKit.SHA256
    #elseif CourierNIO
        typealias Engine = Crypto.SHA256
    #else
        typealias Engine = PortableSHA256
    #endif

    package private(set) var length: UInt64 = 0

    #if !canImport(CryptoKit) && (os(Linux) || os(Android))
        /// OpenSSL's, where the process has it (``LibCrypto``); otherwise `engine`.
        private var system: LibCrypto.Digest?
        private var engine: Engine?

        package init() {
            self.init(systemLibrary: true)
        }

        /// A computation with OpenSSL's `libcrypto` where the process has it and `systemLibrary`
        /// is `true`, else with the built-in engine (its tests).
        package init(systemLibrary: Bool) {
            system = systemLibrary ? LibCrypto.shared.flatMap { LibCrypto.Digest($0, bits: 256) } : nil
            if system == nil { engine = Engine() }
        }

        package mutating func update(_ bytes: UnsafeRawBufferPointer) {
            length &+= UInt64(bytes.count)
            if system != nil {
                if !isKnownUniquelyReferenced(&system) { system = system!.copy() }
                system!.update(bytes)
            } else {
                engine!.update(bufferPointer: bytes)
            }
        }

        package func finalize() -> [UInt8] {
            if let system { return system.finalize() }
            return engine!.finalize().withUnsafeBytes { Array($0) }
        }
    #else
        private var engine = Engine()

        package init() {}

        package mutating func update(_ bytes: UnsafeRawBufferPointer) {
            length &+= UInt64(bytes.count)
            engine.update(bufferPointer: bytes)
        }

        package func finalize() -> [UInt8] {
            engine.finalize().withUnsafeBytes { Array($0) }
        }
    #endif

    /// Adds a string's UTF-8 bytes, preceded by their count so that concatenations stay distinct.
    package mutating func update(field: String) {
        let bytes = Array(field.utf8)
        update(withUnsafeBytes(of: UInt64(bytes.count).bigEndian) { Array($0) })
        update(bytes)
    }

    /// The digest of `data`, as 64 lowercase hexadecimal digits.
    package static func hex<Bytes: Sequence>(of data: Bytes) -> String where Bytes.Element == UInt8 {
        var hash = SHA256()
        hash.update(data)
        return hash.hexDigest
    }
}
