public import CourierCore
import Foundation
public import HTTPTypes

/// Sends a lighter alternative when the full request may not use a constrained network.
///
/// Many apps ask for full-size content only when the device is not in Low Data Mode, and fall
/// back to a smaller variant when it is. A request names its alternative in its options; this
/// interceptor sends the request with constrained (and, if asked, expensive) access refused, and
/// when the transport reports ``ConstrainedNetworkError`` it sends the alternative instead:
///
/// ```swift
/// struct PhotosRequest: APIRequest {
///     typealias Response = [Photo]
///     var method: HTTPRequest.Method { .get }
///     var path: String { "/photos" }
///     var options: RequestOptions {
///         RequestOptions().with(\.constrainedNetworkAlternative, .init(path: "/photos", query: ["size": "small"]))
///     }
/// }
/// let client = APIClient(baseURL: url, interceptors: [ConstrainedNetworkInterceptor()])
/// ```
///
/// Requests without an alternative pass untouched. On Apple platforms ``URLSessionTransport``
/// honours the refusal; elsewhere a transport that knows no such networks never reports one.
public struct ConstrainedNetworkInterceptor: Interceptor {
    /// A request's lighter variant: its path (relative to the same base URL) and query.
    public struct Alternative: Sendable, Hashable {
        /// The path, relative to the base URL like ``APIRequest/path``.
        public var path: String
        /// The query.
        public var query: QueryParameters

        /// Creates an alternative.
        ///
        /// - Parameters:
        ///   - path: The path, relative to the base URL.
        ///   - query: The query.
        public init(path: String, query: QueryParameters = [:]) {
            self.path = path
            self.query = query
        }
    }

    /// Whether an expensive network (cellular) also calls for the alternative.
    public var includesExpensiveNetworks: Bool

    /// Creates the interceptor.
    ///
    /// - Parameter includesExpensiveNetworks: Whether an expensive network also calls for the
    ///   alternative. Defaults to `false`: only Low Data Mode does.
    public init(includesExpensiveNetworks: Bool = false) {
        self.includesExpensiveNetworks = includesExpensiveNetworks
    }

    /// Sends the request on unconstrained networks only, and the alternative when that fails.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request body.
    ///   - context: The call's context, with the alternative in its options.
    ///   - next: The rest of the pipeline.
    /// - Returns: The response to the request or to its alternative.
    /// - Throws: The pipeline's error.
    public func intercept(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        context: InterceptorContext,
        next: Next
    ) async throws -> InterceptorResponse {
        guard let alternative = context.options.constrainedNetworkAlternative else {
            return try await next(request, body)
        }
        var restricted = context
        restricted.networkAccess = NetworkAccess(allowsConstrained: false, allowsExpensive: !includesExpensiveNetworks)
        do {
            return try await next(request, body, context: restricted)
        } catch let error as APIError where error.underlying is ConstrainedNetworkError {
            var fallback = request
            let base = try RequestBuilder.origin(of: context.baseURL)
            let path = try RequestBuilder.join(base.path, RequestBuilder.checkedPath(alternative.path))
            fallback.path = alternative.query.isEmpty ? path : path + "?" + alternative.query.percentEncoded
            context.log.debug(
                "The network is constrained; sending the alternative",
                metadata: ["courier.request": "\(context.requestName)"]
            )
            return try await next(fallback, body)
        }
    }
}

extension RequestOptions {
    private enum ConstrainedNetworkAlternativeKey: RequestOptionKey {
        static let defaultValue: ConstrainedNetworkInterceptor.Alternative? = nil
    }

    /// The lighter variant ``ConstrainedNetworkInterceptor`` sends on a constrained network.
    /// Defaults to `nil`: none.
    public var constrainedNetworkAlternative: ConstrainedNetworkInterceptor.Alternative? {
        get { self[ConstrainedNetworkAlternativeKey.self] }
        set { self[ConstrainedNetworkAlternativeKey.self] = newValue }
    }
}
