import Foundation
import HTTPTypes
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One call's way through the interceptors to the transport and back.
struct Pipeline: Sendable {
    let configuration: APIClient.Configuration
    let context: InterceptorContext
    /// Whether the final body is read into memory (ordinary calls) or handed on as it streams
    /// (downloads).
    let buffersBody: Bool
    /// The transport, when it reads whole bodies under the deadline itself and the call buffers:
    /// then the call needs no task of its own.
    let bufferingTransport: (any BufferingTransport)?

    init(configuration: APIClient.Configuration, context: InterceptorContext, buffersBody: Bool) {
        self.configuration = configuration
        self.context = context
        self.buffersBody = buffersBody
        self.bufferingTransport = buffersBody ? configuration.transport as? any BufferingTransport : nil
    }

    /// Runs the interceptors, then follows redirects and reads the body.
    func send(_ request: HTTPRequest, body: OutgoingBody?) async throws(APIError) -> (HTTPResponse, ResponseBody) {
        let interceptors = configuration.interceptors
        if interceptors.isEmpty {
            return try await exchange(request, body: body)
        }
        var next: Interceptor.Next = { request, body in
            do throws(APIError) {
                return try await self.exchange(request, body: body)
            } catch {
                var error = error
                error.originIsKnown = true  // the client's or the transport's
                throw error
            }
        }
        for interceptor in interceptors.reversed() {
            let rest = next
            let context = self.context
            next = { request, body in
                do {
                    return try await interceptor.intercept(request, body: body, context: context, next: rest)
                } catch {
                    throw Self.named(error, raisedBy: interceptor, request: request)
                }
            }
        }
        do {
            return try await next(request, body)
        } catch var error as APIError {
            if error.request == nil { error.request = request }
            throw error
        } catch {
            throw Self.named(error, raisedBy: nil, request: request)
        }
    }

    /// An error as it leaves an interceptor: one the interceptor raised itself (not one that came
    /// up from the rest of the pipeline) is named after it, and anything but an ``APIError`` or a
    /// cancellation becomes an ``APIError/Kind/interceptor`` error.
    static func named(_ error: any Error, raisedBy interceptor: (any Interceptor)?, request: HTTPRequest) -> APIError {
        let name = interceptor.map { Memo.name(of: type(of: $0)) }
        if var apiError = error as? APIError {
            guard !apiError.originIsKnown else { return apiError }
            apiError.interceptorName = name
            apiError.originIsKnown = true
            return apiError
        }
        var apiError =
            error is CancellationError || Task.isCancelled
            ? APIError(.cancelled, "The call was cancelled.", request: request, underlying: error)
            : APIError(.interceptor, "\(name ?? "An interceptor") failed.", request: request, underlying: error)
        apiError.interceptorName = apiError.kind == .cancelled ? nil : name
        apiError.originIsKnown = true
        return apiError
    }

    /// Sends through the transport, follows redirects, and reads the final body into memory.
    func exchange(_ request: HTTPRequest, body: OutgoingBody?) async throws(APIError) -> (HTTPResponse, ResponseBody) {
        var request = request
        var body = body
        var hops: [RedirectHop] = []
        while true {
            var (response, responseBody) = try await transportSend(request, body: body)
            if let (hop, nextBody) = try Redirect.next(
                after: response, to: request, body: body, policy: configuration.redirects),
                let next = try await Redirect.decide(
                    hop, body: nextBody, followed: hops.count, policy: configuration.redirects)
            {
                hops.append(hop)
                await Self.discard(responseBody)
                context.logger.debug(
                    "Following a redirect",
                    metadata: [
                        "courier.request": "\(context.requestName)",
                        "http.status": "\(response.status.code)",
                        "http.location": "\(context.redaction.displayURL(of: next.0))",
                    ]
                )
                (request, body) = next
                continue
            }
            guard buffersBody else {
                responseBody.redirects = hops
                return (response, responseBody)
            }
            do {
                let data = try await responseBody.collect(upTo: configuration.maximumBodySize)
                var collected = ResponseBody(data)
                collected.redirects = hops
                return (response, collected)
            } catch {
                throw Self.mapTransportError(error, request: request, response: response)
            }
        }
    }

    private func transportSend(_ request: HTTPRequest, body: OutgoingBody?) async throws(APIError) -> (
        HTTPResponse, ResponseBody
    ) {
        do {
            if let transport = bufferingTransport {
                let (response, data) = try await transport.sendBuffered(
                    request, body: body, limit: configuration.maximumBodySize, deadline: context.deadline)
                return (response, ResponseBody(data))
            }
            return try await configuration.transport.send(request, body: body)
        } catch {
            throw Self.mapTransportError(error, request: request, response: nil)
        }
    }

    /// Reads and drops a redirect's small body so the connection can be reused.
    private static func discard(_ body: ResponseBody) async {
        _ = try? await body.collect(upTo: 64 * 1024)
    }

    /// Maps a transport's own error to an ``APIError``.
    static func mapTransportError(_ error: any Error, request: HTTPRequest, response: HTTPResponse?) -> APIError {
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
