#if canImport(CryptoKit)
    import CryptoKit
#elseif CourierNIO
    import Crypto
#endif

/// SHA-512 (FIPS 180-4), for a download's `Repr-Digest` or `Content-Digest` (RFC 9530) or the
/// digest an app expects, through the platform's implementation where there is one (``SHA2``),
/// and checked against the NIST test vectors. Like ``SHA256`` it hashes public data only.
package struct SHA512: SHA2 {
    #if canImport(CryptoKit)
        typealias Engine = CryptoKit.SHA512
    #elseif CourierNIO
        typealias Engine = Crypto.SHA512
    #else
        typealias Engine = PortableSHA512
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
            system = systemLibrary ? LibCrypto.shared.flatMap { LibCrypto.Digest($0, bits: 512) } : nil
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
}
