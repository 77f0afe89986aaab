import Foundation
public import HTTPTypes

/// Keeps the cookies an API sets and sends them back, per client: cookies are off unless a
/// client lists this interceptor.
///
/// ```swift
/// let client = APIClient(baseURL: url, interceptors: [CookieInterceptor()])
/// ```
///
/// A request that sets its own `Cookie` header is sent with that header alone. Cookies go only
/// where their domain and path say, `Secure` ones only over HTTPS; a redirect to another origin
/// drops the `Cookie` header with the other credentials. A `Set-Cookie` on a redirect is kept
/// too. Neither transport stores or sends cookies of its own (see
/// ``URLSessionTransport/recommendedConfiguration``), so this is the one place cookies live.
public struct CookieInterceptor: Interceptor {
    /// `true`: it waits for nothing but the rest of the pipeline.
    public static var honoursDeadline: Bool { true }

    /// The jar the cookies are kept in.
    public let jar: CookieJar

    /// Creates the interceptor.
    ///
    /// - Parameter jar: Where cookies are kept; a new, empty jar by default. Share a jar between
    ///   clients only when they talk to the same site on behalf of the same user.
    public init(jar: CookieJar = CookieJar()) {
        self.jar = jar
    }

    /// Adds the matching cookies, unless the request sets its own, and keeps those the response
    /// (and any redirect on the way) sets. Each hop of a redirect chain sends the cookies that
    /// match it, those the hops before it set included, until a hop crosses to another origin:
    /// from there on the chain sends no cookies, as it sends no other credentials.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request body.
    ///   - context: The call's context.
    ///   - next: The rest of the pipeline.
    /// - Returns: The response.
    /// - Throws: The pipeline's error.
    public func intercept(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        context: InterceptorContext,
        next: Next
    ) async throws -> (HTTPResponse, ResponseBody) {
        var request = request
        var context = context
        if request.headerFields[.cookie] == nil {
            if let url = request.url, let cookies = jar.cookieHeader(for: url) {
                request.headerFields[.cookie] = cookies
            }
            context.cookieJar = jar  // each redirect hop keeps and gets cookies too
        }
        let (response, responseBody) = try await next(request, body, context: context)
        if context.cookieJar == nil {  // the app's own Cookie header: the hops kept nothing
            for hop in responseBody.redirects {
                if let url = hop.request.url { jar.store(hop.response.headerFields[values: .setCookie], from: url) }
            }
        }
        if let url = responseBody.redirects.last?.next.url ?? request.url {
            jar.store(response.headerFields[values: .setCookie], from: url)
        }
        return (response, responseBody)
    }
}

extension CookieInterceptor {
    /// Keeps the cookies a followed redirect set, and gives the next request of the chain the
    /// jar's cookies for its URL — none once the chain has crossed to another origin.
    ///
    /// - Parameters:
    ///   - hop: The redirect being followed.
    ///   - jar: The jar of the call's ``CookieInterceptor``.
    ///   - crossedOrigin: Whether this hop or one before it went to another origin.
    ///   - next: The next request, as the redirect rules and the app's hook built it.
    static func follow(_ hop: RedirectHop, jar: CookieJar, crossedOrigin: Bool, next: inout HTTPRequest) {
        if let url = hop.request.url { jar.store(hop.response.headerFields[values: .setCookie], from: url) }
        next.headerFields[.cookie] = nil
        if !crossedOrigin, let url = next.url, let cookies = jar.cookieHeader(for: url) {
            next.headerFields[.cookie] = cookies
        }
    }
}
