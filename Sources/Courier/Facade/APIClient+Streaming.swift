public import Foundation
import HTTPTypes

extension APIClient {
    /// Sends a request and hands its body to `consume` as it streams, without holding it in memory.
    ///
    /// For bodies too large to buffer (``Configuration/maximumBodySize`` does not apply): the body
    /// is an `AsyncSequence` of chunks, read at the pace `consume` reads it. The call's deadline
    /// (``Configuration/timeout`` or the request's) covers everything up to the end of `consume`,
    /// and cancelling the calling task cancels the transfer. A status the request does not accept
    /// fails with ``APIError/Kind/unacceptableStatus`` before `consume` runs.
    ///
    /// ```swift
    /// let lines = try await client.withBytes(LogRequest()) { response, body in
    ///     var count = 0
    ///     for try await chunk in body { count += chunk.filter { $0 == 0x0A }.count }
    ///     return count
    /// }
    /// ```
    ///
    /// `consume` runs in the call's own task, which the deadline cancels.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - progress: Called after each chunk with the bytes read so far.
    ///   - consume: Reads the body; its result is returned.
    /// - Returns: What `consume` returned.
    /// - Throws: ``APIError``; an error `consume` throws is reported as its ``APIError/underlying``.
    public func withBytes<Request: APIRequest, Result: Sendable>(
        _ request: Request,
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        _ consume: @escaping @Sendable (HTTPResponse, ResponseBody) async throws -> Result
    ) async throws(APIError) -> Result {
        try await run(request, mode: .stream) { outcome in
            try await outcome.reading { try await consume(outcome.head, outcome.body.reportingProgress(to: progress)) }
        }
    }

    /// Downloads the response body into a file, streaming it to disk.
    ///
    /// The body is written to a temporary file beside `destination`, which replaces `destination`
    /// only once the whole body has arrived: a failed or cancelled download leaves no partial file.
    /// The body is never held in memory, whatever its size (over ``URLSessionTransport`` on Linux,
    /// FoundationNetworking's own bookkeeping still grows with the transfer; see there).
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
    ///   - progress: Called after each chunk with the bytes written so far.
    /// - Returns: The response head.
    /// - Throws: ``APIError``: ``APIError/Kind/storage`` when the file cannot be written.
    @discardableResult
    public func download<Request: APIRequest>(
        _ request: Request,
        to destination: URL,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(APIError) -> HTTPResponse {
        try await run(request, mode: .file(destination)) { outcome in
            try await outcome.reading {
                try await FileSink.write(outcome.body, to: destination, progress: progress, scope: outcome.scope)
            }
            return outcome.head
        }
    }
}
