import Foundation
import HTTPTypes

/// Checks on the head of a streamed response, shared by event streams and JSON Lines.
enum StreamHead {
    /// Fails with ``APIError/Kind/unacceptableStatus`` when the request does not accept the
    /// status, with the start of the body.
    static func check<Request: APIRequest>(
        _ response: HTTPResponse, body: ResponseBody, of request: Request, sent: HTTPRequest, limit: Int
    ) async throws(APIError) {
        guard request.acceptableStatusCodes.containsStatusCode(response.status.code) else {
            throw .unacceptableStatus(response, body: try? await body.collect(upTo: limit), request: sent)
        }
    }

    /// Fails with ``APIError/Kind/decoding`` when the response's media type is not `expected`;
    /// a response without `Content-Type` is accepted.
    static func requireContentType(_ expected: String, of response: HTTPResponse, sent: HTTPRequest) throws(APIError) {
        guard let contentType = response.headerFields[.contentType] else { return }
        let mediaType = contentType.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard mediaType == expected else {
            throw APIError(
                .decoding, "The response is \(contentType), not \(expected).", request: sent, response: response)
        }
    }
}
