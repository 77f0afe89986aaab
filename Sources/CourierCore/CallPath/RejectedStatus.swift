package import Foundation
import HTTPTypes

extension DeadlineScope {
    /// The body of an answer whose status the call does not accept, read for its error: the one
    /// place that reads it, for the call's own status (``APIClient``'s runner) and for the answer
    /// to a download's resumption (`ResumingDownload`).
    ///
    /// At most `limit` bytes are kept; a body that cannot be read is left out of the error. Read
    /// past the deadline, the answer is the call's timeout, as a value read late is.
    ///
    /// - Parameters:
    ///   - response: The refused answer.
    ///   - request: The request it answers.
    ///   - limit: The most body bytes to keep.
    /// - Returns: The body, or `nil` when there was none or it could not be read.
    /// - Throws: ``APIError/Kind/timeout`` when the deadline passed while the body was read.
    package nonisolated(nonsending) func rejectedBody(
        of response: InterceptorResponse, request: HTTPRequest, limit: Int
    ) async throws(APIError) -> Data? {
        var body = response.body.bufferedData
        if body == nil { body = try? await response.body.collect(upTo: limit) }
        if hasPassed { throw timeoutError(request: request, response: response.head) }
        return body
    }
}
