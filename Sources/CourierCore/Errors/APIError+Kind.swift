extension APIError {
    /// What went wrong, as an open set of values you can compare and switch over.
    ///
    /// `Kind` is a struct rather than an enum so that new kinds can be added without breaking
    /// your `switch` statements; always include a `default` case.
    ///
    /// ```swift
    /// switch error.kind {
    /// case .timeout, .transport: showRetryButton()
    /// case .unacceptableStatus where error.status == .unauthorized: signOut()
    /// default: showGenericError()
    /// }
    /// ```
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidRequest
            case encoding
            case transport
            case tls
            case timeout
            case cancelled
            case tooManyRedirects
            case insecureRedirect
            case bodyTooLarge
            case unacceptableStatus
            case decoding
            case interceptor
            case authentication
            case storage
            case notCached
            case resumption
            case digestMismatch
            case unexpectedRequest
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The request could not be built: a path leaving the base URL, an invalid header, a body on
        /// a GET, a missing base URL. Nothing was sent.
        public static var invalidRequest: Self { .init(.invalidRequest) }

        /// The request body could not be encoded. Nothing was sent.
        public static var encoding: Self { .init(.encoding) }

        /// The transport failed: the connection was refused or reset, the host was not found, or
        /// the body was cut short.
        public static var transport: Self { .init(.transport) }

        /// The TLS handshake failed: the server's certificate was not trusted, had expired, was not
        /// yet valid or was for another host, its key was not among the host's ``PublicKeyPins``,
        /// the two sides agreed on no TLS version or cipher, or the server refused the client's
        /// certificate. No byte of the request was sent.
        ///
        /// ``APIError/tlsFailure`` says why and for which host. ``RetryInterceptor`` never retries it.
        public static var tls: Self { .init(.tls) }

        /// The request's deadline passed before the whole response body arrived.
        public static var timeout: Self { .init(.timeout) }

        /// The calling task (or subscription) was cancelled.
        public static var cancelled: Self { .init(.cancelled) }

        /// The server redirected more times than the client's redirect policy allows.
        public static var tooManyRedirects: Self { .init(.tooManyRedirects) }

        /// The server redirected from `https` to `http`; Courier refuses to downgrade.
        public static var insecureRedirect: Self { .init(.insecureRedirect) }

        /// The response body is larger than the client's limit for buffered bodies, or a compressed
        /// body decompresses past that limit or past the transport's decompression ratio (a
        /// possible decompression bomb).
        public static var bodyTooLarge: Self { .init(.bodyTooLarge) }

        /// The server answered with a status the request does not accept. The error carries the
        /// response and its body; see ``APIError/decodeBody(as:using:)``.
        public static var unacceptableStatus: Self { .init(.unacceptableStatus) }

        /// The response body could not be decoded as the request's response type. The error carries
        /// the body and the coding path of the failing value.
        ///
        /// Also a body whose content coding could not be undone: corrupt `gzip` or `deflate` data,
        /// or a coding (`Content-Encoding: br`) the transport does not decode. Compressed bytes
        /// never reach your decoder.
        public static var decoding: Self { .init(.decoding) }

        /// An interceptor failed with an error of its own, found in ``APIError/underlying``.
        public static var interceptor: Self { .init(.interceptor) }

        /// A credential could not be obtained or refreshed: the token provider or the refresh
        /// failed, or refreshes came too often (a refresh loop). The cause is in
        /// ``APIError/underlying``.
        public static var authentication: Self { .init(.authentication) }

        /// A downloaded body could not be written to its destination (no space, no permission).
        public static var storage: Self { .init(.storage) }

        /// The request allows only a stored response (``CachePolicy/onlyIfCached`` or
        /// `Cache-Control: only-if-cached`) and the client's ``ResponseCache`` has none. Nothing
        /// was sent.
        public static var notCached: Self { .init(.notCached) }

        /// A download could not be resumed: the server answered the request for the rest of the
        /// body with a `Content-Range` that does not fit the bytes already received, with a partial
        /// body of another version, or with `416 Range Not Satisfiable`. The bytes received are
        /// dropped; downloading again starts from the first byte. See <doc:Downloads>.
        public static var resumption: Self { .init(.resumption) }

        /// A downloaded body did not match the digest it was expected to have: the SHA-256 or
        /// SHA-512 the app gave (``DownloadOptions/expectedDigest``), or the server's `Repr-Digest`
        /// or `Content-Digest`. The file was removed, and the destination left as it was.
        public static var digestMismatch: Self { .init(.digestMismatch) }

        /// A test double had no answer for the request: a `StubTransport` asked for a request it was
        /// not told to expect, or a cassette replaying holds no recording for it. The test's
        /// mistake, not the network's: nothing was sent (``APIError/delivery`` is
        /// ``Delivery/notSent``), and ``RetryInterceptor`` never retries it. The test double's own
        /// error, with its reason, is in ``APIError/underlying``.
        public static var unexpectedRequest: Self { .init(.unexpectedRequest) }

        /// The kind's name, like `timeout`.
        public var description: String { base.rawValue }
    }
}
