import HTTPTypes

/// The client's cookie jar (``APIClient/Configuration/cookies``) in a call: above the cache, so
/// that the cache sees the `Cookie` field the request is sent with; the ``TransportStep`` below
/// keeps the jar along a redirect chain and stores what every response sets.
struct CookieStep: Sendable {
    let jar: CookieJar
    let next: InterceptorChain.Step

    /// Adds the jar's cookies for the request's URL, unless the request sets its own `Cookie`.
    func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext
    ) async throws -> InterceptorResponse {
        guard request.headerFields[.cookie] == nil else { return try await next(request, body, context) }
        var request = request
        if let url = request.url, let cookies = jar.cookieHeader(for: url) {
            request.headerFields[.cookie] = cookies
        }
        var context = context
        context.cookiesFromJar = true
        return try await next(request, body, context)
    }
}
