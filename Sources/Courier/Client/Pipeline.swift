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
            try await self.exchange(request, body: body)
        }
        for interceptor in interceptors.reversed() {
            let rest = next
            let context = self.context
            next = { request, body in
                try await interceptor.intercept(request, body: body, context: context, next: rest)
            }
        }
        do {
            return try await next(request, body)
        } catch var error as APIError {
            if error.request == nil { error.request = request }
            throw error
        } catch {
            if error is CancellationError || Task.isCancelled {
                throw APIError(.cancelled, "The call was cancelled.", request: request, underlying: error)
            }
            throw APIError(.interceptor, "An interceptor failed.", request: request, underlying: error)
        }
    }

    /// Sends through the transport, follows redirects, and reads the final body into memory.
    func exchange(_ request: HTTPRequest, body: OutgoingBody?) async throws(APIError) -> (HTTPResponse, ResponseBody) {
        var request = request
        var body = body
        var redirects = 0
        while true {
            let (response, responseBody) = try await transportSend(request, body: body)
            if let redirect = try Redirect.next(
                after: response, to: request, body: body, policy: configuration.redirects)
            {
                redirects += 1
                guard redirects <= configuration.redirects.limit else {
                    throw APIError(
                        .tooManyRedirects,
                        "The server redirected more than \(configuration.redirects.limit) times.",
                        request: request,
                        response: response
                    )
                }
                await Self.discard(responseBody)
                context.logger.debug(
                    "Following a redirect",
                    metadata: [
                        "courier.request": "\(context.requestName)",
                        "http.status": "\(response.status.code)",
                        "http.location": "\(context.redaction.displayURL(of: redirect.0))",
                    ]
                )
                (request, body) = redirect
                continue
            }
            guard buffersBody else { return (response, responseBody) }
            do {
                let data = try await responseBody.collect(upTo: configuration.maximumBodySize)
                return (response, ResponseBody(data))
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
