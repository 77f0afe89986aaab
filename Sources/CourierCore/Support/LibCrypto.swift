#if !canImport(CryptoKit) && (os(Linux) || os(Android))
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Bionic)
        import Bionic
    #endif

    /// OpenSSL's `libcrypto`, as the process already has it: SHA-256 and SHA-512 at the speed of
    /// the system's own assembly (SHA extensions, AVX2), on Linux, whatever the app's traits.
    ///
    /// FoundationNetworking loads it on Linux (through libcurl), so a process that can use
    /// URLSession has it; Courier looks it up by name (`dlopen`, OpenSSL 3's `libcrypto.so.3`,
    /// then 1.1's) and calls its stable `EVP_Digest*` functions, and hashes with its own SHA-2
    /// (``PortableSHA2``, or swift-crypto's with the `AsyncHTTPClient` trait) where it is not there.
    /// Why not swift-crypto alone: BoringSSL leaves its AVX2 SHA-512 off on AMD CPUs, and ran at
    /// 0.54–0.83× `openssl speed` for SHA-512 on this project's machine; OpenSSL is
    /// `openssl speed` itself (BENCHMARKS.md, "Digests").
    // @unchecked Sendable: it holds C functions and pointers to OpenSSL's static, immutable
    // algorithm descriptions, which OpenSSL lets any thread use.
    final class LibCrypto: @unchecked Sendable {
        private typealias NewContext = @convention(c) () -> OpaquePointer?
        private typealias FreeContext = @convention(c) (OpaquePointer?) -> Void
        private typealias Algorithm = @convention(c) () -> OpaquePointer?
        private typealias Initialize = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
        private typealias Update = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32
        private typealias Finalize =
            @convention(c) (
                OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?
            ) -> Int32
        private typealias Copy = @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32

        private let newContext: NewContext
        private let freeContext: FreeContext
        private let initialize: Initialize
        private let updateContext: Update
        private let finalizeContext: Finalize
        private let copyContext: Copy
        /// `EVP_sha256()` and `EVP_sha512()`: static descriptions, never freed.
        private let sha256: OpaquePointer
        private let sha512: OpaquePointer

        /// The library, once per process; `nil` where it cannot be loaded, or lacks a function.
        static let shared: LibCrypto? = load()

        private init?(handle: UnsafeMutableRawPointer) {
            func function<Function>(_ name: String, as _: Function.Type) -> Function? {
                dlsym(handle, name).map { unsafeBitCast($0, to: Function.self) }
            }
            guard let newContext = function("EVP_MD_CTX_new", as: NewContext.self),
                let freeContext = function("EVP_MD_CTX_free", as: FreeContext.self),
                let initialize = function("EVP_DigestInit_ex", as: Initialize.self),
                let updateContext = function("EVP_DigestUpdate", as: Update.self),
                let finalizeContext = function("EVP_DigestFinal_ex", as: Finalize.self),
                let copyContext = function("EVP_MD_CTX_copy_ex", as: Copy.self),
                let sha256 = function("EVP_sha256", as: Algorithm.self)?(),
                let sha512 = function("EVP_sha512", as: Algorithm.self)?()
            else { return nil }
            (self.newContext, self.freeContext, self.initialize) = (newContext, freeContext, initialize)
            (self.updateContext, self.finalizeContext, self.copyContext) = (updateContext, finalizeContext, copyContext)
            (self.sha256, self.sha512) = (sha256, sha512)
        }

        private static func load() -> LibCrypto? {
            // COURIER_NO_LIBCRYPTO=1 hashes without it, as where it is missing (`digest.sh` compares).
            if getenv("COURIER_NO_LIBCRYPTO") != nil { return nil }
            for name in ["libcrypto.so.3", "libcrypto.so.1.1"] {
                // Never unloaded: the functions are kept for the life of the process.
                if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL), let library = LibCrypto(handle: handle) {
                    return library
                }
            }
            return nil
        }

        /// A SHA-256 or SHA-512 computation: OpenSSL's context. Its owner (``SHA256``,
        /// ``SHA512``) keeps value semantics: it changes a digest only when it holds the only
        /// reference (`isKnownUniquelyReferenced`), and copies it first otherwise.
        // @unchecked Sendable: changed only through its one reference, as above; read otherwise.
        final class Digest: @unchecked Sendable {
            private let library: LibCrypto
            private let pointer: OpaquePointer
            private let size: Int

            /// A SHA-256 (`bits` 256) or SHA-512 (512) computation; `nil` if OpenSSL cannot start one.
            convenience init?(_ library: LibCrypto, bits: Int) {
                self.init(library, size: bits / 8) {
                    library.initialize($0, bits == 256 ? library.sha256 : library.sha512, nil)
                }
            }

            private init?(_ library: LibCrypto, size: Int, start: (OpaquePointer) -> Int32) {
                guard let pointer = library.newContext() else { return nil }
                guard start(pointer) == 1 else {
                    library.freeContext(pointer)
                    return nil
                }
                (self.library, self.pointer, self.size) = (library, pointer, size)
            }

            deinit { library.freeContext(pointer) }

            /// A computation that goes on from where this one is.
            func copy() -> Digest {
                guard let copy = Digest(library, size: size, start: { library.copyContext($0, pointer) }) else {
                    fatalError("OpenSSL could not copy a digest's context (out of memory)")
                }
                return copy
            }

            /// Adds bytes to the message; only through the one reference to this digest.
            func update(_ bytes: UnsafeRawBufferPointer) {
                guard library.updateContext(pointer, bytes.baseAddress, bytes.count) == 1 else {
                    fatalError("OpenSSL's EVP_DigestUpdate failed")
                }
            }

            /// The digest of the message so far; the message can go on.
            func finalize() -> [UInt8] {
                let final = copy()
                var digest = [UInt8](repeating: 0, count: size)
                var written: UInt32 = 0
                guard library.finalizeContext(final.pointer, &digest, &written) == 1, Int(written) == size else {
                    fatalError("OpenSSL's EVP_DigestFinal_ex failed")
                }
                return digest
            }
        }
    }
#endif
