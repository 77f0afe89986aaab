import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport's native timer ended the exchange at ``TransportContext/deadline``: Courier's own
/// transports (and its test doubles) throw it, and the call fails as ``APIError/Kind/timeout``.
package struct TransportDeadlineReached: Error {
    package init() {}
}

/// A test double's error for a request it has no answer for (CourierTesting's
/// `UnexpectedRequest`): the call fails as ``APIError/Kind/unexpectedRequest``, nothing sent.
package protocol TestDoubleMiss: Error {}

extension DeadlineScope {
    /// Words any failure of a call as an ``APIError``: the one place that does, from the transport
    /// up to the caller.
    ///
    /// Once the call's time is up, a failure that could be its consequence (a cancelled task, a
    /// dropped connection, a transport's deadline) is the call's ``APIError/Kind/timeout``; a
    /// caller's own cancellation is ``APIError/Kind/cancelled``.
    ///
    /// - Parameters:
    ///   - error: What was thrown.
    ///   - request: The request on the wire, if any.
    ///   - response: Its response head, if it had arrived.
    /// - Returns: The error as the call reports it.
    package func classify(_ error: any Error, request: HTTPRequest?, response: HTTPResponse?) -> APIError {
        if error is any TestDoubleMiss {
            var apiError = APIError(
                .unexpectedRequest,
                "Unexpected request, a mistake in the test: its test double has no answer for it, and nothing was sent.",
                request: request, response: response, underlying: error)
            apiError.delivery = .notSent
            return apiError
        }
        if error is Expired || error is TransportDeadlineReached {
            return timeoutError(request: request, response: response)
        }
        if var apiError = error as? APIError {
            if apiError.request == nil { apiError.request = request }
            if apiError.response == nil { apiError.response = response }
            guard [.transport, .cancelled].contains(apiError.kind), timeIsUp else { return apiError }
            var timeout = timeoutError(
                request: apiError.request, response: apiError.response, underlying: apiError.underlying ?? apiError)
            timeout.originIsKnown = apiError.originIsKnown
            return timeout
        }
        if timeIsUp {
            return timeoutError(request: request, response: response, underlying: error)
        }
        return describe(error, request: request, response: response)
    }

    /// Whether the deadline passed: the alarm rang, or, unless the caller was cancelled, the clock
    /// is past it (a transport's timer can fire a hair before the scope's).
    private var timeIsUp: Bool {
        hasExpired || (!Task.isCancelled && hasPassed)
    }

    /// Words a failure that is not the deadline's: a TLS handshake's through ``TLSErrors``.
    private func describe(_ error: any Error, request: HTTPRequest?, response: HTTPResponse?) -> APIError {
        if let exceeded = error as? BodyLimitExceeded {
            var apiError = exceeded.apiError
            apiError.request = request
            apiError.response = response
            return apiError
        }
        if let decodingError = error as? ContentDecodingError {
            return decodingError.apiError(request: request, response: response)
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
                return timeoutError(request: request, response: response, underlying: error, byTransport: true)
            default:
                break
            }
        }
        if response == nil, let failure = TLSErrors.failure(from: error, request: request) {
            var apiError = APIError(.tls, failure.message, request: request, underlying: failure)
            apiError.delivery = .notSent
            return apiError
        }
        guard response == nil else {
            return APIError(
                .transport, "The connection failed while the body was read.", request: request, response: response,
                underlying: error)
        }
        let delivery = ConnectionFaults.delivery(of: error)
        var apiError = APIError(
            .transport, Self.unansweredMessage(delivery, error: error), request: request, underlying: error)
        apiError.delivery = delivery
        return apiError
    }

    /// What a transport failure before any response says, by how far the request got: only a
    /// request that was not sent is said not to have been.
    private static func unansweredMessage(_ delivery: APIError.Delivery, error: any Error) -> String {
        switch delivery {
        case .notSent:
            "The request could not be sent."
        case .notProcessed:
            "The server refused the request without processing it (HTTP/2 REFUSED_STREAM or GOAWAY)."
        case _ where ConnectionFaults.isUnreadableAnswer(error):
            "The server's answer could not be read: the server may have acted on the request."
        default:
            "The connection failed after the request was sent: the server may have acted on it."
        }
    }
}
