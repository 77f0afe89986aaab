import Foundation

extension APIClient {
    /// Sends a request whose body may be large, reporting how much of it has been sent.
    ///
    /// Everything else is as ``send(_:)``: the same deadline, interceptors, status validation
    /// and decoding. Give the request a ``RequestBody/file(_:contentType:)`` body to stream a
    /// file from disk without reading it into memory; any other body works too.
    ///
    /// ```swift
    /// struct UploadVideo: APIRequest {
    ///     typealias Response = Video
    ///     let file: URL
    ///     var method: HTTPRequest.Method { .put }
    ///     var path: String { "/videos" }
    ///     var body: RequestBody? { .file(file, contentType: "video/mp4") }
    ///     var timeout: Duration? { .seconds(600) }
    /// }
    ///
    /// let video = try await client.upload(UploadVideo(file: url)) { progress in
    ///     print(progress.fractionCompleted ?? 0)
    /// }
    /// ```
    ///
    /// A redirect that keeps the body (`307`, `308`) or a retry sends it again from the start, so
    /// the progress reported starts again from zero.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - progress: Called as the body goes out, with the bytes sent so far out of the body's
    ///     length. On any thread; hop to the main actor yourself to update the UI.
    /// - Returns: The decoded response.
    /// - Throws: ``APIError``: ``APIError/Kind/storage`` when the file cannot be read.
    public func upload<Request: APIRequest>(
        _ request: Request,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(APIError) -> Request.Response {
        let decoder = resolved.configuration.decoder
        let reportsProgress: (inout PreparedCall) -> Void = { $0.body = $0.body?.reportingProgress(to: progress) }
        return try await run(request, adjust: reportsProgress) { outcome in
            try Self.decode(request, outcome, decoder: decoder)
        }
    }
}
