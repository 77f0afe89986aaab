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
/// chain, with a buffered body on ordinary calls (``ResponseBody/bufferedData``) and the hops in
/// ``InterceptorResponse/redirects``. They also sit above the client's
/// ``APIClient/Configuration/cache``, which sees the request as the last interceptor passed it on
/// (``InterceptorResponse/cacheOutcome`` says how the cache answered). The status is not validated
/// yet, so an interceptor sees a `401` as a response, not as an error.
///
/// Implementation requirements:
/// - Be `Sendable`; keep shared state (a token being refreshed) in an actor of your own.
/// - Throw ``APIError`` to fail the call with a specific kind; any other error becomes
///   ``APIError/Kind/interceptor``.
/// - Nothing to do for the deadline: the whole call runs in a task the client cancels when the
///   call's deadline passes, so a wait that could outlast the call (a token refresh, a flow the
///   user must finish) is cut short and the call fails with ``APIError/Kind/timeout``, naming the
///   interceptor. Wait with ``InterceptorContext/sleep(for:)``, which keeps the client's clock
///   (``APIClient/Configuration/clock``), so that tests with a clock of their own never wait.
/// - To change what the rest of the pipeline sees of the call (``InterceptorContext/attempt``,
///   ``InterceptorContext/networkAccess``), pass a changed context on:
///   `next(request, body, context: changed)`.
///
/// ```swift
/// struct UserAgent: Interceptor {
///     func intercept(
///         _ request: HTTPRequest,
///         body: OutgoingBody?,
///         context: InterceptorContext,
///         next: Interceptor.Next
///     ) async throws -> InterceptorResponse {
///         var request = request
///         request.headerFields[.userAgent] = "MyApp/1.0"
///         return try await next(request, body)
///     }
/// }
/// ```
public protocol Interceptor: Sendable {
    /// Passes a request on to the rest of the pipeline and returns its response.
    typealias Next = InterceptorNext

    /// Handles one request.
    ///
    /// - Parameters:
    ///   - request: The request, as the previous interceptor passed it on.
    ///   - body: The request body, if any; ``OutgoingBody/data`` has its bytes unless it streams
    ///     from a file.
    ///   - context: Facts about the call: its deadline, its request type, the client's logger.
    ///   - next: The rest of the pipeline.
    /// - Returns: The response: its head, its body and how it came (redirects, the cache).
    /// - Throws: ``APIError``, or any error (reported as ``APIError/Kind/interceptor``).
    func intercept(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        context: InterceptorContext,
        next: Next
    ) async throws -> InterceptorResponse
}

/// The rest of a call's pipeline, as an interceptor sees it: call it with the request to pass on.
///
/// ```swift
/// let response = try await next(request, body)
/// ```
public struct InterceptorNext: Sendable {
    private let run: @Sendable (HTTPRequest, OutgoingBody?, InterceptorContext) async throws -> InterceptorResponse
    private let context: InterceptorContext

    /// Creates the rest of a pipeline from a function: the client makes one per interceptor and
    /// call; a test of an interceptor makes one that answers as the test needs.
    ///
    /// - Parameters:
    ///   - context: The context passed on when the caller passes none.
    ///   - run: Sends a request with a context through the rest of the pipeline.
    public init(
        context: InterceptorContext,
        _ run:
            @escaping @Sendable (HTTPRequest, OutgoingBody?, InterceptorContext) async throws -> InterceptorResponse
    ) {
        self.context = context
        self.run = run
    }

    /// Passes a request on, with the context this interceptor was given.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - body: Its body, if any.
    /// - Returns: The response.
    /// - Throws: The rest of the pipeline's error.
    public func callAsFunction(
        _ request: HTTPRequest, _ body: OutgoingBody?
    ) async throws -> InterceptorResponse {
        try await run(request, body, context)
    }

    /// Passes a request on with a changed context: another ``InterceptorContext/attempt`` or
    /// ``InterceptorContext/networkAccess`` for the interceptors after this one and the transport.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - body: Its body, if any.
    ///   - context: The context the rest of the pipeline sees.
    /// - Returns: The response.
    /// - Throws: The rest of the pipeline's error.
    public func callAsFunction(
        _ request: HTTPRequest, _ body: OutgoingBody?, context: InterceptorContext
    ) async throws -> InterceptorResponse {
        try await run(request, body, context)
    }
}
