import Foundation
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
}
