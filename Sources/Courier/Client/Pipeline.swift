import Foundation
import HTTPTypes
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One call's way through the interceptors to the transport and back.
///
/// The one place for: the order interceptors run in and the names errors carry
/// (``Pipeline/send(_:body:)``), cutting an interceptor's waits at the deadline, the per-call
/// ``TransportContext``, collecting the body under the limit, and mapping every transport error
/// (`Pipeline+Errors.swift`).
struct Pipeline: Sendable {
    let resolved: ResolvedConfiguration
    let context: InterceptorContext
    /// The call's time limit, for messages.
    let timeout: Duration
    /// Whether the final body is read into memory (ordinary calls) or handed on as it streams
    /// (downloads).
    let buffersBody: Bool
    /// Where a download's body goes, for a transport that writes it to a file as it arrives.
    var downloadDestination: URL?

    var configuration: APIClient.Configuration { resolved.configuration }

    /// Runs the interceptors, then follows redirects and reads the body.
    func send(_ request: HTTPRequest, body: OutgoingBody?) async throws(APIError) -> (HTTPResponse, ResponseBody) {
        let interceptors = configuration.interceptors
        if interceptors.isEmpty {
            return try await innermost(request, body: body, context: context)
        }
        var next = InterceptorNext(context: context) { request, body, context in
            do throws(APIError) {
                return try await self.innermost(request, body: body, context: context)
            } catch {
                var error = error
                error.originIsKnown = true  // the client's or the transport's
                throw error
            }
        }
        for interceptor in interceptors.reversed() {
            let rest = next
            let honoursDeadline = type(of: interceptor).honoursDeadline
            next = InterceptorNext(context: context) { request, body, context in
                let rest = rest.passing(context)  // what this interceptor was given, not the call's first context
                do {
                    if honoursDeadline {
                        return try await interceptor.intercept(request, body: body, context: context, next: rest)
                    }
                    return try await self.cutAtDeadline(interceptor, request, body: body, context: context, next: rest)
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

    /// Runs an interceptor that does not say it honours the deadline in a task that the deadline
    /// cancels: past the deadline the call fails with ``APIError/Kind/timeout``, even if the
    /// interceptor swallowed its cancellation.
    private func cutAtDeadline(
        _ interceptor: any Interceptor,
        _ request: HTTPRequest,
        body: OutgoingBody?,
        context: InterceptorContext,
        next: InterceptorNext
    ) async throws -> (HTTPResponse, ResponseBody) {
        // Whether the deadline passed while the interceptor ran, before it passed the call on: then
        // the time was lost in the interceptor, whatever failed below. (An interceptor that only
        // got to run after the deadline, on a busy machine, is not to blame.)
        let passedOnLate = Locked(false)
        let startedInTime = Locked(false)
        let watchedNext = InterceptorNext(context: context) { request, body, context in
            if ContinuousClock.now > context.deadline, startedInTime.withLock({ $0 }) {
                passedOnLate.withLock { $0 = true }
            }
            return try await next(request, body, context: context)
        }
        let (result, expired) = await Deadline.race(until: context.deadline) {
            () async -> Result<(HTTPResponse, ResponseBody), any Error> in
            startedInTime.withLock { $0 = ContinuousClock.now <= context.deadline }
            do {
                return .success(
                    try await interceptor.intercept(request, body: body, context: context, next: watchedNext))
            } catch {
                return .failure(error)
            }
        }
        guard expired else { return try result.get() }
        var underlying: (any Error)?
        if case .failure(let error) = result {
            if var error = error as? APIError, error.originIsKnown, !passedOnLate.withLock({ $0 }) {
                // From further down, where the time ran out.
                guard error.kind == .cancelled else { throw error }
                // Cancelled by this deadline, below the interceptor: a timeout, not the interceptor's.
                error = timedOut(
                    request: error.request ?? request, response: error.response, underlying: error.underlying)
                error.originIsKnown = true
                throw error
            }
            underlying = error
        }
        throw APIError(  // named after the interceptor on the way out
            .timeout,
            "\(context.requestName) did not complete within its time limit while \(Memo.name(of: type(of: interceptor))) ran.",
            request: request, underlying: underlying)
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

    /// The step below every interceptor: the cache, when the client has one and the call buffers
    /// its body, else the exchange itself.
    func innermost(
        _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext
    ) async throws(APIError) -> (HTTPResponse, ResponseBody) {
        guard let cache = configuration.cache, buffersBody else {
            return try await exchange(request, body: body, context: context)
        }
        return try await CacheStep(cache: cache, pipeline: self).send(request, body: body, context: context)
    }

    /// Sends through the transport, follows redirects, and reads the final body into memory.
    func exchange(
        _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext
    ) async throws(APIError) -> (HTTPResponse, ResponseBody) {
        var transportContext = TransportContext(
            deadline: context.deadline, readsWholeBody: buffersBody, bodyLimit: configuration.maximumBodySize,
            networkAccess: context.networkAccess)
        transportContext.downloadDestination = downloadDestination
        var request = request
        var body = body
        var hops: [RedirectHop] = []
        while true {
            guard let recorder = context.recorder else {
                switch try await hop(request, body: body, hops: &hops, context: context, transport: transportContext) {
                case .redirect(let next, _):
                    (request, body) = next
                    continue
                case .final(let response, let responseBody, _):
                    return (response, responseBody)
                }
            }
            var sent = request  // the trace context goes on the wire, not into the redirect rules
            let attempt = recorder.begin(&sent, isRedirect: !hops.isEmpty, bodyLength: body?.length)
            do throws(APIError) {
                switch try await hop(
                    request, sending: sent, body: body, hops: &hops, context: context, transport: transportContext)
                {
                case .redirect(let next, let received):
                    recorder.end(attempt, status: hops.last?.response.status, error: nil, bytesReceived: received)
                    recorder.redirected(to: next.0)
                    (request, body) = next
                case .final(let response, let responseBody, let received):
                    recorder.end(attempt, status: response.status, error: nil, bytesReceived: received)
                    return (response, responseBody)
                }
            } catch {
                recorder.end(attempt, status: error.response?.status, error: error, bytesReceived: 0)
                throw error
            }
        }
    }

    /// What one request on the wire led to.
    private enum Hop {
        /// A redirect to follow: the next request and its body, and the bytes of the redirect's body.
        case redirect((HTTPRequest, OutgoingBody?), received: Int64)
        /// The final response, with its body (buffered for ordinary calls) and the bytes read of it.
        case final(HTTPResponse, ResponseBody, received: Int64)
    }

    /// Sends one request (`sending`, which is `request` with any trace context added) and
    /// decides whether to follow its redirect; reads the final body into memory.
    private func hop(
        _ request: HTTPRequest,
        sending: HTTPRequest? = nil,
        body: OutgoingBody?,
        hops: inout [RedirectHop],
        context: InterceptorContext,
        transport transportContext: TransportContext
    ) async throws(APIError) -> Hop {
        var (response, responseBody) = try await transportSend(
            sending ?? request, body: body, context: transportContext)
        try checkDeadline(request: request, response: response)
        if let (hop, nextBody) = try Redirect.next(
            after: response, to: request, body: body, policy: configuration.redirects),
            let next = try await Redirect.decide(
                hop, body: nextBody, followed: hops.count, policy: configuration.redirects)
        {
            hops.append(hop)
            let discarded = await Self.discard(responseBody)
            context.logger.debug(
                "Following a redirect",
                metadata: [
                    "courier.request": "\(context.requestName)",
                    "http.status": "\(response.status.code)",
                    "http.location": "\(context.redaction.displayURL(of: next.0))",
                ]
            )
            var next = next
            if let jar = context.cookieJar {
                CookieInterceptor.follow(
                    hop, jar: jar, crossedOrigin: hops.contains(where: \.crossesOrigin), next: &next.0)
            }
            return .redirect(next, received: discarded)
        }
        guard buffersBody else {
            responseBody.redirects = hops
            return .final(response, responseBody, received: Int64(responseBody.expectedLength ?? 0))
        }
        let data: Data
        do {
            data = try await responseBody.collect(upTo: configuration.maximumBodySize)
        } catch {
            throw mapTransportError(error, request: request, response: response)
        }
        try checkDeadline(request: request, response: response)
        var collected = ResponseBody(data)
        collected.redirects = hops
        return .final(response, collected, received: Int64(data.count))
    }

    private func transportSend(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws(APIError) -> (HTTPResponse, ResponseBody) {
        do {
            return try await configuration.transport.send(request, body: body, context: context)
        } catch {
            throw mapTransportError(error, request: request, response: nil)
        }
    }

    /// Reads and drops a redirect's small body so the connection can be reused; returns its length.
    private static func discard(_ body: ResponseBody) async -> Int64 {
        Int64((try? await body.collect(upTo: 64 * 1024))?.count ?? 0)
    }
}
