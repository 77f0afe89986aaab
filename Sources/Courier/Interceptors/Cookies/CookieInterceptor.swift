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
    /// (and any redirect on the way) sets.
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
        if request.headerFields[.cookie] == nil, let url = request.url, let cookies = jar.cookieHeader(for: url) {
            request.headerFields[.cookie] = cookies
        }
        let (response, responseBody) = try await next(request, body)
        for hop in responseBody.redirects {
            if let url = hop.request.url { jar.store(hop.response.headerFields[values: .setCookie], from: url) }
        }
        if let url = responseBody.redirects.last?.next.url ?? request.url {
            jar.store(response.headerFields[values: .setCookie], from: url)
        }
        return (response, responseBody)
    }
}
