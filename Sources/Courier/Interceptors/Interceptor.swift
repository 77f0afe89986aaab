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
/// chain, with a buffered body (``ResponseBody/bufferedData``). They also sit above the client's
/// ``APIClient/Configuration/cache``, which sees the request as the last interceptor passed it on
/// (``ResponseBody/cacheOutcome`` says how the cache answered). The status is not validated yet,
/// so an interceptor sees a `401` as a response, not as an error.
///
/// Implementation requirements:
/// - Be `Sendable`; keep shared state (a token being refreshed) in an actor of your own.
/// - Throw ``APIError`` to fail the call with a specific kind; any other error becomes
///   ``APIError/Kind/interceptor``.
/// - Nothing to do for the deadline: the client runs an interceptor in a task of its own that it
///   cancels when the call's deadline passes, so a wait that could outlast the call (a token
///   refresh, a flow the user must finish) is cut short and the call fails with
///   ``APIError/Kind/timeout``, naming the interceptor. An interceptor that ends every wait of its
///   own by ``InterceptorContext/deadline`` can say so with ``honoursDeadline`` and run in the
///   caller's task, sparing each call that task; all of Courier's interceptors do.
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
///     ) async throws -> (HTTPResponse, ResponseBody) {
///         var request = request
///         request.headerFields[.userAgent] = "MyApp/1.0"
///         return try await next(request, body)
///     }
/// }
/// ```
public protocol Interceptor: Sendable {
    /// Passes a request on to the rest of the pipeline and returns its response.
    typealias Next = InterceptorNext

    /// Whether every wait of this interceptor's own ends by ``InterceptorContext/deadline``, so that
    /// the client need not run it in a task that the deadline cancels. Defaults to `false`.
    ///
    /// Say `true` only when nothing the interceptor awaits, other than `next`, can outlast the
    /// deadline: a `true` that is wrong lets a call run past its time limit.
    static var honoursDeadline: Bool { get }

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

extension Interceptor {
    /// `false`: the client cuts the interceptor's waits short at the deadline.
    public static var honoursDeadline: Bool { false }
}

/// The rest of a call's pipeline, as an interceptor sees it: call it with the request to pass on.
///
/// ```swift
/// let (response, body) = try await next(request, body)
/// ```
public struct InterceptorNext: Sendable {
    private let run:
        @Sendable (HTTPRequest, OutgoingBody?, InterceptorContext) async throws -> (HTTPResponse, ResponseBody)
    private let context: InterceptorContext

    /// Creates the rest of a pipeline from a function; the client makes one per interceptor.
    ///
    /// - Parameters:
    ///   - context: The context passed on when the caller passes none.
    ///   - run: Sends a request with a context through the rest of the pipeline.
    public init(
        context: InterceptorContext,
        _ run:
            @escaping @Sendable (HTTPRequest, OutgoingBody?, InterceptorContext) async throws -> (
                HTTPResponse, ResponseBody
            )
    ) {
        self.context = context
        self.run = run
    }

    /// The same rest of the pipeline, passing `context` on when the caller passes none: the
    /// context the interceptor at hand was given, changes of earlier interceptors included.
    func passing(_ context: InterceptorContext) -> InterceptorNext {
        InterceptorNext(context: context, run)
    }

    /// Passes a request on, with the context this interceptor was given.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - body: Its body, if any.
    /// - Returns: The response head and its body.
    /// - Throws: The rest of the pipeline's error.
    public func callAsFunction(
        _ request: HTTPRequest, _ body: OutgoingBody?
    ) async throws -> (HTTPResponse, ResponseBody) {
        try await run(request, body, context)
    }

    /// Passes a request on with a changed context: another ``InterceptorContext/attempt`` or
    /// ``InterceptorContext/networkAccess`` for the interceptors after this one and the transport.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - body: Its body, if any.
    ///   - context: The context the rest of the pipeline sees.
    /// - Returns: The response head and its body.
    /// - Throws: The rest of the pipeline's error.
    public func callAsFunction(
        _ request: HTTPRequest, _ body: OutgoingBody?, context: InterceptorContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        try await run(request, body, context)
    }
}
