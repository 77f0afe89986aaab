public import CourierCore
public import Foundation
public import HTTPTypes

extension APIClient {
    /// Downloads the response body into a file, streaming it to disk.
    ///
    /// The body is written to a temporary file beside `destination`, which replaces `destination`
    /// only once the whole body has arrived: a failed or cancelled download leaves no partial file.
    /// The body is never held in memory, whatever its size (over ``URLSessionTransport`` on Linux,
    /// FoundationNetworking's own bookkeeping still grows with the transfer; see there).
    ///
    /// When the connection fails mid-way and the server allows it (a strong validator and
    /// `Accept-Ranges: bytes`), the download asks for the rest and goes on, inside the call's
    /// deadline, as ``ResumptionPolicy/standard`` allows; a server's `Repr-Digest` is checked
    /// before the file lands. ``download(_:to:options:progress:)`` sets how, keeps what was
    /// received for a later call, or checks a digest the app knows (<doc:Downloads>).
    ///
    /// ```swift
    /// try await client.download(BackupRequest(), to: backupURL) { progress in
    ///     print(progress.fractionCompleted ?? 0)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - destination: The file URL to write; an existing file is replaced.
    ///   - progress: Called after each chunk with the bytes written so far; it never goes back.
    /// - Returns: The response head.
    /// - Throws: ``APIError``: ``APIError/Kind/storage`` when the file cannot be written.
    @discardableResult
    public func download<Request: APIRequest>(
        _ request: Request,
        to destination: URL,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(APIError) -> HTTPResponse {
        try await download(request, to: destination, options: DownloadOptions(), progress: progress)
    }

    /// Downloads the response body into a file, with options: how it resumes after a failure
    /// mid-way, whether it keeps what it received when it fails, and the digest it must have.
    ///
    /// As ``download(_:to:progress:)`` otherwise. With
    /// ``DownloadOptions/keepsPartialDownload``, a download that fails or is cancelled leaves what
    /// it received beside `destination`, and the next download of the same request to the same
    /// destination with that option picks it up — in this process or after a relaunch — once the
    /// server confirms with `If-Range` that it is still the same version:
    ///
    /// ```swift
    /// let options = DownloadOptions(keepsPartialDownload: true)
    /// // On every launch until it succeeds; each call goes on from where the last one stopped.
    /// try await client.download(ModelRequest(), to: modelURL, options: options) { progress in
    ///     print(progress.fractionCompleted ?? 0)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - destination: The file URL to write; an existing file is replaced.
    ///   - options: How the download resumes, what it keeps, the digest it checks.
    ///   - progress: Called as the body is written with the bytes of it on disk (from where a
    ///     partial download left off); it never goes back, and after a restart from the first byte
    ///     it holds until the new body passes it.
    /// - Returns: The head of the response the body began with: the first, or the `200` that
    ///   restarted it (a `206` when the download picked up a partial download).
    /// - Throws: ``APIError``: ``APIError/Kind/resumption`` when an answer for the rest of the body
    ///   does not fit, ``APIError/Kind/digestMismatch`` when the body does not match its digest,
    ///   ``APIError/Kind/storage`` when the file cannot be written.
    @discardableResult
    public func download<Request: APIRequest>(
        _ request: Request,
        to destination: URL,
        options: DownloadOptions,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(APIError) -> HTTPResponse {
        let configuration = resolved.configuration
        let file = DownloadFile(
            destination: destination, keepsPartial: options.keepsPartialDownload, digest: options.expectedDigest,
            log: configuration.log)
        let download = ResumingDownload(
            file: file, options: options, progress: progress, bodyLimit: configuration.maximumBodySize,
            log: configuration.log)
        let picksUpPartialDownload: (inout PreparedCall) -> Void = { file.prepare(&$0) }
        do {
            return try await run(request, mode: .file(file), adjust: picksUpPartialDownload) { outcome in
                try await outcome.reading { try await download.receive(outcome) }
            }
        } catch {
            file.abandon()
            throw error
        }
    }

    /// Removes the partial download a download with ``DownloadOptions/keepsPartialDownload`` kept
    /// beside `destination`, if there is one: the next download of it starts from the first byte.
    ///
    /// - Parameter destination: The destination the download was for.
    public static func discardPartialDownload(at destination: URL) {
        PartialDownload(of: destination).remove()
    }
}
