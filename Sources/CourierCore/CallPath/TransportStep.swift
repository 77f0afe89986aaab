import Foundation
import HTTPTypes

/// The step below the interceptors, the cookies and the cache: sends each request of a redirect
/// chain through the transport and follows the redirects by the client's rules, sends a request
/// again once when its exchange failed in a way ``Resend`` says is safe, keeps the jar's cookies
/// along the chain, records each request, and reads the final body as the call's ``BodyMode``
/// says.
struct TransportStep: Sendable {
    let transport: any Transport
    let redirects: RedirectPolicy
    /// The client's cookies (``APIClient/Configuration/cookies``), if it keeps any.
    let cookies: CookieJar?
    /// The largest body read into memory.
    let bodyLimit: Int

    nonisolated(nonsending) func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext
    ) async throws -> InterceptorResponse {
        var request = request
        var body = body
        var hops: [RedirectHop] = []
        // A request that sets its own Cookie header is sent with it alone, hop after hop.
        let jar = context.cookiesFromJar ? cookies : nil
        var resent = false  // at most once for each request the interceptors send
        var resending = false
        while true {
            var sent = request  // the trace context goes on the wire, not into the redirect rules
            let attempt = context.recorder?.begin(
                &sent, isRedirect: !hops.isEmpty, isResend: resending, bodyLength: body?.length)
            resending = false
            do throws(APIError) {
                let (head, responseBody) = try await exchange(sent, body: body, context: context)
                if let cookies, let url = request.url {
                    cookies.store(head.headerFields[values: .setCookie], from: url)
                }
                if let (hop, nextBody) = try Redirect.next(after: head, to: request, body: body, policy: redirects),
                    var next = try await Redirect.decide(hop, body: nextBody, followed: hops.count, policy: redirects)
                {
                    hops.append(hop)
                    let received = await responseBody.drain(upTo: bodyLimit)
                    if let jar {
                        next.0.headerFields[.cookie] = nil
                        let crossed = hops.contains(where: \.crossesOrigin)
                        if !crossed, let url = next.0.url, let header = jar.cookieHeader(for: url) {
                            next.0.headerFields[.cookie] = header
                        }
                    }
                    context.log.debug(
                        "Following a redirect",
                        metadata: [
                            "courier.request": "\(context.requestName)",
                            "http.status": "\(head.status.code)",
                            "http.location": "\(context.redaction.displayURL(of: next.0))",
                        ]
                    )
                    if let attempt {
                        context.recorder?.end(attempt, status: head.status, error: nil, bytesReceived: received)
                        context.recorder?.redirected(to: next.0)
                    }
                    (request, body) = next
                    continue
                }
                let final = try await read(responseBody, of: sent, head: head, context: context)
                if let attempt {
                    let received = Int64(final.bufferedData?.count ?? final.expectedLength ?? 0)
                    context.recorder?.end(attempt, status: head.status, error: nil, bytesReceived: received)
                }
                return InterceptorResponse(head, body: final, redirects: hops)
            } catch {
                if let attempt {
                    context.recorder?.end(attempt, status: error.response?.status, error: error, bytesReceived: 0)
                }
                if !resent, Resend.isSafe(after: error, request: request, body: body) {
                    Resend.log(error, request: request, context: context)
                    (resent, resending) = (true, true)
                    continue
                }
                throw error
            }
        }
    }

    /// One request through the transport.
    private nonisolated(nonsending) func exchange(
        _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext
    ) async throws(APIError) -> (HTTPResponse, ResponseBody) {
        var transportContext = TransportContext(
            deadlineSinceEpoch: context.scope.transportDeadline, readsWholeBody: context.mode == .buffer,
            bodyLimit: bodyLimit,
            networkAccess: context.networkAccess)
        if case .file(let download) = context.mode { transportContext.download = download }
        transportContext.scope = context.scope
        transportContext.redaction = context.redaction
        if request.scheme == "https", request.headerFields[.proxyAuthorization] != nil {
            throw Self.proxyCredentialsOverHTTPS(request)
        }
        let exchanged: (HTTPResponse, ResponseBody)
        do {
            if case .upgrade(let upgrade) = context.mode {
                exchanged = try await upgrade.exchange(request, over: transport, context: transportContext)
            } else {
                exchanged = try await transport.send(request, body: body, context: transportContext)
            }
        } catch {
            throw classify(error, request: request, response: nil, context: context)
        }
        // A response past the deadline is the call's timeout, also where the call's own task is not
        // what awaited it: a load the cache shares runs in a task of the cache's. (A call in the
        // caller's task is checked once, at its end.)
        if context.scope.runsInItsOwnTask, context.scope.hasPassed {
            throw context.scope.timeoutError(request: request, response: exchanged.0)
        }
        return exchanged
    }

    /// The error for a `Proxy-Authorization` field on an `https` request: inside a proxy's tunnel
    /// it would reach the server itself, never the proxy. Nothing is sent.
    static func proxyCredentialsOverHTTPS(_ request: HTTPRequest) -> APIError {
        APIError(
            .invalidRequest,
            "Proxy-Authorization on an https request would reach the server, not the proxy: give the proxy its "
                + "credentials in the transport's proxy configuration instead.",
            request: request)
    }

    /// The final body as the call reads it: into memory under the limit, or as it streams.
    private nonisolated(nonsending) func read(
        _ body: ResponseBody, of request: HTTPRequest, head: HTTPResponse, context: InterceptorContext
    ) async throws(APIError) -> ResponseBody {
        guard context.mode == .buffer else { return body }
        do {
            return ResponseBody(try await body.collect(upTo: bodyLimit))
        } catch {
            throw classify(error, request: request, response: head, context: context)
        }
    }

    /// A failure of the transport or the body, as the call reports it.
    private func classify(
        _ error: any Error, request: HTTPRequest, response: HTTPResponse?, context: InterceptorContext
    ) -> APIError {
        var error = error
        if var exceeded = error as? BodyLimitExceeded, exceeded.limit == .max {
            exceeded.limit = bodyLimit  // a transport's ``ResponseBody/exceedingLimit(announcedLength:)``
            error = exceeded
        }
        return context.scope.classify(error, request: request, response: response)
    }
}
