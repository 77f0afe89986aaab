import HTTPTypes

/// The client's own resend of a request whose exchange failed before any response, when the
/// failure says it is safe: once for each request the interceptors send, at once, inside the
/// call's deadline, recorded like any request on the wire, and without the app seeing the first
/// failure.
///
/// As OkHttp's `RetryAndFollowUpInterceptor` and Go's `net/http` transport do:
/// - a request the server did not process (HTTP/2 `REFUSED_STREAM`, a stream above a `GOAWAY`'s
///   last id: ``APIError/Delivery/notProcessed``), whatever its method;
/// - a request whose connection was lost before any response (closed or reset: a kept-alive
///   connection the server had dropped, a `GOAWAY` then a close), when it is idempotent
///   (RFC 9110 section 9.2.2: `GET`, `HEAD`, `OPTIONS`, `TRACE`, `PUT`, `DELETE`) or carries an
///   `Idempotency-Key`.
///
/// Never a body streamed from an async sequence, which may be readable only once; never after a
/// response, a stream reset with another error, a refused connection (the next attempt fails the
/// same way: ``RetryInterceptor`` waits before it tries again) or the deadline.
enum Resend {
    /// Whether the client sends `request` again after `error`, given that it has not yet.
    static func isSafe(after error: APIError, request: HTTPRequest, body: OutgoingBody?) -> Bool {
        guard error.kind == .transport, error.response == nil, body?.isStreamed != true else { return false }
        if error.delivery == .notProcessed { return true }
        guard error.delivery == .mayHaveBeenProcessed, let underlying = error.underlying,
            ConnectionFaults.isLostConnection(underlying)
        else { return false }
        return Idempotency.holds(for: request)
    }

    /// Logs the resend at `debug`.
    static func log(_ error: APIError, request: HTTPRequest, context: InterceptorContext) {
        guard context.log.logsDebug else { return }
        context.log.debug(
            "Resending: \(error.delivery == .notProcessed ? "the server did not process it" : "the connection was lost")",
            metadata: [
                "courier.request": "\(context.requestName)",
                "http.method": "\(request.method.rawValue)",
                "courier.delivery": "\(error.delivery)",
            ])
    }
}
