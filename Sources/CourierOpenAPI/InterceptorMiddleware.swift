#if OpenAPI
    public import CourierCore
    public import Foundation
    public import HTTPTypes
    public import Logging
    public import OpenAPIRuntime

    /// Runs a Courier `Interceptor` as a swift-openapi-generator `ClientMiddleware`, for
    /// a generated client that keeps its own transport.
    ///
    /// ```swift
    /// let client = Client(
    ///     serverURL: try Servers.Server1.url(),
    ///     transport: URLSessionTransport(),  // OpenAPIURLSession's
    ///     middlewares: [
    ///         InterceptorMiddleware(RetryInterceptor()),
    ///         InterceptorMiddleware(tokens),  // a RefreshingAuthorizationInterceptor
    ///     ]
    /// )
    /// ```
    ///
    /// The interceptor sees the request with the server URL's scheme, authority and path prefix,
    /// as on a Courier call, and the response body as it streams (`ResponseBody.bufferedData` is
    /// `nil`). It may call the rest of the chain several times (a retry, a refresh): a request
    /// body that can be iterated only once then fails on the second send.
    ///
    /// Only the interceptor comes from Courier: redirects, the total deadline and the body limit
    /// are the generated client's transport's. For all of Courier, use ``CourierClientTransport``.
    /// Errors the interceptor raises, and the transport's errors as the interceptor sees them, are
    /// `APIError`s, which the generated client reports as the `underlyingError` of its
    /// `ClientError`.
    public struct InterceptorMiddleware: ClientMiddleware {
        /// The interceptor.
        public var interceptor: any Interceptor

        /// The time the interceptor's own waits (a backoff, a refresh) must end within, from the
        /// start of each operation: its `InterceptorContext.deadline`.
        public var timeout: Duration

        /// Where the interceptor logs.
        public var logger: Logger

        /// How secrets are hidden in the interceptor's logs and errors.
        public var redaction: Redaction

        /// Creates a middleware.
        ///
        /// - Parameters:
        ///   - interceptor: The interceptor to run.
        ///   - timeout: The time the interceptor's own waits must end within.
        ///   - logger: Where the interceptor logs; by default nowhere.
        ///   - redaction: How secrets are hidden.
        public init(
            _ interceptor: any Interceptor,
            timeout: Duration = .seconds(60),
            logger: Logger = Logger(label: "CourierOpenAPI", factory: { _ in SwiftLogNoOpLogHandler() }),
            redaction: Redaction = .standard
        ) {
            self.interceptor = interceptor
            self.timeout = timeout
            self.logger = logger
            self.redaction = redaction
        }

        /// Runs the interceptor around the rest of the generated client's chain.
        ///
        /// - Parameters:
        ///   - request: The request, with a path relative to `baseURL`.
        ///   - body: The request body, if any.
        ///   - baseURL: The server URL.
        ///   - operationID: The operation's identifier, the interceptor's
        ///     `InterceptorContext.requestName`.
        ///   - next: The rest of the chain.
        /// - Returns: The response head and its body.
        /// - Throws: `APIError`.
        public func intercept(
            _ request: HTTPRequest,
            body: HTTPBody?,
            baseURL: URL,
            operationID: String,
            next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
        ) async throws -> (HTTPResponse, HTTPBody?) {
            let absolute = try RelativeRequest.absolute(request, baseURL: baseURL)
            let outgoing = try await OutgoingBody.converting(body, request: absolute)
            #if Observability
                let context = InterceptorContext(
                    requestName: operationID, baseURL: baseURL, logger: logger, redaction: redaction, timeout: timeout)
            #else
                let context = InterceptorContext(
                    requestName: operationID, baseURL: baseURL, redaction: redaction, timeout: timeout)
            #endif
            let response = try await withoutActuallyEscaping(next) { next in
                // The interceptor may keep `chain` (in a task of its own, say): it reaches `next`
                // only through `rest`, which lets go of it before `next` stops being valid.
                let rest = ChainRest(next)
                defer { rest.end() }
                return try await context.intercept(with: interceptor, absolute, body: outgoing) { sent, sentBody, _ in
                    let (relative, url) = RelativeRequest.relative(
                        sent, to: absolute, original: request, baseURL: baseURL)
                    // The generated client's own body, when the interceptor passed it on unchanged.
                    let passedBody = sentBody.map { $0.isStreamed ? body : HTTPBody.converting($0) } ?? nil
                    do {
                        let (response, responseBody) = try await rest.call(relative, passedBody, url)
                        return InterceptorResponse(response, body: ResponseBody(converting: responseBody))
                    } catch {
                        throw Self.transportError(error, request: sent)
                    }
                }
            }
            return (response.head, HTTPBody.converting(response.body))
        }

        /// The generated client's transport's error, as the interceptor sees it.
        private static func transportError(_ error: any Error, request: HTTPRequest) -> APIError {
            if let error = error as? APIError { return error }
            if error is CancellationError || Task.isCancelled {
                return APIError(.cancelled, "The call was cancelled.", request: request, underlying: error)
            }
            return APIError(.transport, "The request could not be sent.", request: request, underlying: error)
        }
    }

    /// The rest of the generated client's chain, reachable while one `intercept` call runs.
    // @unchecked Sendable: `next` is read and cleared under `lock`; the closure itself is
    // `@Sendable`.
    private final class ChainRest: @unchecked Sendable {
        typealias Next = @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)

        private let lock = NSLock()
        private var next: Next?

        init(_ next: @escaping Next) {
            self.next = next
        }

        func call(_ request: HTTPRequest, _ body: HTTPBody?, _ url: URL) async throws -> (HTTPResponse, HTTPBody?) {
            guard let next = lock.withLock({ next }) else {
                throw APIError(
                    .interceptor, "The interceptor called on after the operation had ended.", request: request)
            }
            return try await next(request, body, url)
        }

        /// Lets go of `next`: the operation has ended.
        func end() {
            lock.withLock { next = nil }
        }
    }
#endif
