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
    /// `consume` runs in a task of the client's, so that the deadline can cancel it.
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
        do {
            return try await stream(request, progress: progress, consume)
        } catch {
            throw error.finished(for: Request.self, redaction: configuration.redaction)
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
    ///     bar.value = progress.fractionCompleted ?? 0
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
        do {
            return try await stream(request, progress: nil, downloadingTo: destination) { response, body in
                try await FileSink.write(body, to: destination, progress: progress)
                return response
            }
        } catch {
            throw error.finished(for: Request.self, redaction: configuration.redaction)
        }
    }

    /// Sends a request and hands its response to `consume` with the body streaming.
    ///
    /// `destination`: where a download's body goes, so that a transport may write it to a file
    /// beside it as it arrives.
    private func stream<Request: APIRequest, Result: Sendable>(
        _ request: Request,
        progress: (@Sendable (TransferProgress) -> Void)?,
        downloadingTo destination: URL? = nil,
        _ consume: @escaping @Sendable (HTTPResponse, ResponseBody) async throws -> Result
    ) async throws(APIError) -> Result {
        var prepared = try prepare(request, buffersBody: false)
        prepared.pipeline.downloadDestination = destination
        let call = prepared
        let built = call.built
        let limit = configuration.maximumBodySize
        // `consume` is the caller's code, reading at its own pace: the deadline covers it by
        // cancelling the task it runs in.
        return try await Deadline.run(until: call.deadline, timeout: call.timeout, request: built.request) {
            () async throws(APIError) in
            let (response, body) = try await call.pipeline.send(built.request, body: built.body)
            guard request.acceptableStatusCodes.containsStatusCode(response.status.code) else {
                throw .unacceptableStatus(response, body: try? await body.collect(upTo: limit), request: built.request)
            }
            do {
                return try await consume(response, body.reportingProgress(to: progress))
            } catch let error as APIError {
                throw error
            } catch {
                throw call.pipeline.mapTransportError(error, request: built.request, response: response)
            }
        }
    }
}
