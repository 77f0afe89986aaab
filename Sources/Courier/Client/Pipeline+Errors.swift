import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Pipeline {
    /// Maps a transport's error, or a failure reading its body, to an ``APIError``: the one place
    /// that does. A failure once the call's deadline has passed, while the caller was not
    /// cancelled, is a ``APIError/Kind/timeout`` whatever the transport reported (a cancelled
    /// task, a dropped connection, a deadline error of its own).
    func mapTransportError(_ error: any Error, request: HTTPRequest, response: HTTPResponse?) -> APIError {
        let mapped = Self.map(error, request: request, response: response, limit: configuration.maximumBodySize)
        guard [.transport, .cancelled, .timeout].contains(mapped.kind), !Task.isCancelled,
            ContinuousClock.now >= context.deadline
        else { return mapped }
        return timedOut(request: request, response: response, underlying: mapped.underlying ?? error)
    }

    /// The error of a call whose time ran out in the client or the transport.
    func timedOut(request: HTTPRequest?, response: HTTPResponse?, underlying: (any Error)? = nil) -> APIError {
        APIError(
            .timeout, "The call did not complete within its time limit of \(timeout).", request: request,
            response: response, underlying: underlying)
    }

    /// Fails a response that arrived after the deadline: a call never succeeds late, even when a
    /// transport (or a loaded machine) let the exchange run past it.
    func checkDeadline(request: HTTPRequest, response: HTTPResponse) throws(APIError) {
        guard ContinuousClock.now > context.deadline else { return }
        throw timedOut(request: request, response: response)
    }

    /// Maps an error without regard to the deadline.
    static func map(
        _ error: any Error, request: HTTPRequest, response: HTTPResponse?, limit: Int
    ) -> APIError {
        if let exceeded = error as? BodyLimitExceeded {
            var apiError = APIError.bodyTooLarge(limit: limit, announced: exceeded.announcedLength)
            apiError.request = request
            apiError.response = response
            return apiError
        }
        if var apiError = error as? APIError {
            if apiError.request == nil { apiError.request = request }
            if apiError.response == nil { apiError.response = response }
            return apiError
        }
        if let decodingError = error as? ContentDecodingError {
            return mapContentDecodingError(decodingError, request: request, response: response)
        }
        if error is CancellationError || Task.isCancelled {
            return APIError(
                .cancelled, "The call was cancelled.", request: request, response: response, underlying: error)
        }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cancelled:
                return APIError(
                    .cancelled, "The call was cancelled.", request: request, response: response, underlying: error)
            case .timedOut:
                return APIError(
                    .timeout, "The transport timed out.", request: request, response: response, underlying: error)
            default:
                break
            }
        }
        let message =
            response == nil ? "The request could not be sent." : "The connection failed while the body was read."
        return APIError(.transport, message, request: request, response: response, underlying: error)
    }

    /// Words a body the transport could not decode: a decompression bomb is a body too large, a
    /// coding the transport cannot undo or bytes that are not what they claim are a decoding
    /// failure. Never compressed bytes handed to the decoder.
    private static func mapContentDecodingError(
        _ error: ContentDecodingError, request: HTTPRequest, response: HTTPResponse?
    ) -> APIError {
        let coding = "(Content-Encoding: \(error.coding))"
        let (kind, message): (APIError.Kind, String)
        switch error.reason {
        case .ratioExceeded(let ratio):
            kind = .bodyTooLarge
            let limit = ratio.map { "to more than \($0) times its compressed size, the transport's limit" }
            message =
                "The response body \(coding) decompresses \(limit ?? "past the transport's ratio limit"): "
                + "a possible decompression bomb."
        case .tooLarge(let limit):
            kind = .bodyTooLarge
            message =
                "The response body \(coding) decompresses past the limit of \(limit) bytes: "
                + "a possible decompression bomb."
        case .unsupported:
            kind = .decoding
            message =
                "The response body is encoded with \(error.coding), which the transport cannot decode"
                + (error.summary.map { " (\($0))" } ?? "") + "."
        case .corrupt:
            kind = .decoding
            message = "The response body is not valid \(error.coding) data \(coding)."
        }
        return APIError(kind, message, request: request, response: response, underlying: error.underlying)
    }
}
