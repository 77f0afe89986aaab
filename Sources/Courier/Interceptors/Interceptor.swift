import Foundation
public import HTTPTypes

/// A step in every call's pipeline: sees the request on the way out and the response on the way
/// back.
///
/// Interceptors run in the order the client lists them on the way out, and in reverse on the way
/// back. Each one calls `next` to pass the request on — zero times to answer by itself (a cache),
/// once as usual, or several times (retry, token refresh). Authorization, token refresh, retries,
/// logging and status hooks are all interceptors.
///
/// Interceptors sit above the redirect handling: they see the final response of a redirect
/// chain, with a buffered body (``ResponseBody/bufferedData``). The status is not validated yet,
/// so an interceptor sees a `401` as a response, not as an error.
///
/// Implementation requirements:
/// - Be `Sendable`; keep shared state (a token being refreshed) in an actor of your own.
/// - Throw ``APIError`` to fail the call with a specific kind; any other error becomes
///   ``APIError/Kind/interceptor``.
/// - Honour ``InterceptorContext/deadline`` when you wait: wrap a wait that could outlast the
///   call (a token refresh, a flow the user must finish) in
///   ``InterceptorContext/withinDeadline(_:)``. Over a ``BufferingTransport`` (both of Courier's
///   transports) the call runs in the caller's task and nothing else cuts such a wait short.
///
/// ```swift
/// struct UserAgent: Interceptor {
///     func intercept(
///         _ request: HTTPRequest,
///         body: OutgoingBody?,
///         context: InterceptorContext,
///         next: Interceptor.Next
///     ) async throws -> (HTTPResponse, ResponseBody) {
///         var request = request
///         request.headerFields[.userAgent] = "MyApp/1.0"
///         return try await next(request, body)
///     }
/// }
/// ```
public protocol Interceptor: Sendable {
    /// Passes a request on to the rest of the pipeline and returns its response.
    typealias Next = @Sendable (HTTPRequest, OutgoingBody?) async throws -> (HTTPResponse, ResponseBody)

    /// Handles one request.
    ///
    /// - Parameters:
    ///   - request: The request, as the previous interceptor passed it on.
    ///   - body: The request body, if any; ``OutgoingBody/data`` has its bytes unless it streams
    ///     from a file.
    ///   - context: Facts about the call: its deadline, its request type, the client's logger.
    ///   - next: The rest of the pipeline.
    /// - Returns: The response head and its body.
    /// - Throws: ``APIError``, or any error (reported as ``APIError/Kind/interceptor``).
    func intercept(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        context: InterceptorContext,
        next: Next
    ) async throws -> (HTTPResponse, ResponseBody)
}
