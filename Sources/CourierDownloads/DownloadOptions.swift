import CourierCore
/// How a download resumes, what it keeps when it fails, and the digest its body must have:
/// ``APIClient/download(_:to:options:progress:)``.
///
/// ```swift
/// let options = DownloadOptions(
///     resumption: ResumptionPolicy(maximumResumptions: 10),
///     keepsPartialDownload: true,
///     expectedDigest: .sha256(hex: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"))
/// try await client.download(ModelRequest(), to: modelURL, options: options)
/// ```
public struct DownloadOptions: Sendable, Hashable {
    /// When the download asks for the rest of its body after the connection fails mid-way, inside
    /// the call. ``ResumptionPolicy/standard`` by default.
    public var resumption: ResumptionPolicy

    /// Whether a download that fails or is cancelled keeps what it received beside the destination,
    /// for a later download of the same request to the same destination with this option on to
    /// pick up — in this process or after a relaunch. Off by default: a failed download leaves
    /// nothing behind.
    ///
    /// What is kept is the body so far and a small record of what it is (the request, as a hash of
    /// its method and URL; the validator; the length; the server's digest), both hidden beside the
    /// destination. Only a response that can be resumed is kept (a `GET` the server answered with
    /// a strong validator and `Accept-Ranges: bytes`). The later download asks for the rest with
    /// `If-Range`, so the server decides whether the bytes kept are still of the current version;
    /// if not, it sends the whole body and the download starts over. A download that succeeds, or
    /// fails its digest, leaves nothing; ``APIClient/discardPartialDownload(at:)`` removes what a
    /// download kept.
    public var keepsPartialDownload: Bool

    /// The digest the whole body must have, checked before the file replaces the destination;
    /// `nil` by default.
    ///
    /// Without one, a server's `Repr-Digest` (or its `Content-Digest` on a `200`) is checked when
    /// the response has one in `sha-256` or `sha-512` and no content coding. Either way a mismatch
    /// fails with ``APIError/Kind/digestMismatch``, removes the file and leaves the destination as
    /// it was. The bytes are hashed as they are written; after a pick-up from a partial download,
    /// the bytes kept are hashed again first.
    public var expectedDigest: DownloadDigest?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - resumption: When to ask for the rest of the body after a failure mid-way.
    ///   - keepsPartialDownload: Whether a failed or cancelled download keeps what it received.
    ///   - expectedDigest: The digest the whole body must have.
    public init(
        resumption: ResumptionPolicy = .standard, keepsPartialDownload: Bool = false,
        expectedDigest: DownloadDigest? = nil
    ) {
        self.resumption = resumption
        self.keepsPartialDownload = keepsPartialDownload
        self.expectedDigest = expectedDigest
    }
}
