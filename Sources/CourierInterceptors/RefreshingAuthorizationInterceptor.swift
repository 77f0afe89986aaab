public import CourierCore
import Foundation
public import HTTPTypes

/// Authorizes requests with a credential that expires, refreshing it once for all callers.
///
/// Before a request leaves, the current credential is applied; if it says it has expired
/// (``RefreshableCredential/requiresRefresh``) it is refreshed first. When the server answers
/// `401 Unauthorized` (or what `isAuthenticationFailure` says), the credential is refreshed and
/// the request replayed once with the new one.
///
/// Refreshes are single-flight: any number of concurrent requests failing with the same stale
/// credential cause exactly one refresh, and all of them are replayed with its result. A request
/// that failed with a credential older than the current one is replayed with the current one
/// without another refresh. A failed refresh fails every waiting call with the same
/// ``APIError/Kind/authentication`` error. More than ``Limit/maximumRefreshes`` refreshes within
/// ``Limit/window`` fail instead of refreshing, to break a refresh loop.
///
/// ```swift
/// let auth = RefreshingAuthorizationInterceptor.bearer(initial: savedCredential) { stale in
///     let token = try await authClient.send(RefreshRequest(refreshToken: stale?.refreshToken ?? ""))
///     return BearerCredential(accessToken: token.accessToken, refreshToken: token.refreshToken)
/// }
/// let client = APIClient(baseURL: url, interceptors: [RetryInterceptor(), auth])
/// ```
///
/// The credential goes only to the origins of its ``CredentialScope``: the client's base URL's
/// origin unless you name others. A request for another origin leaves without it, and its `401`
/// refreshes nothing. A `401` that comes from another origin after a redirect (which dropped the
/// credential) is returned as it is too: it says nothing about the credential.
///
/// Send the refresh call through a client without this interceptor (or with
/// ``RequestOptions/skipsAuthorization``). Requests that set `Authorization` themselves, or skip
/// authorization, pass untouched.
public struct RefreshingAuthorizationInterceptor<Credential: RefreshableCredential>: Interceptor {
    /// How many refreshes are allowed in a window of time before refreshing counts as a loop.
    public struct Limit: Sendable, Hashable {
        /// The most refreshes within ``window``.
        public var maximumRefreshes: Int
        /// The window.
        public var window: Duration

        /// Creates a limit.
        ///
        /// - Parameters:
        ///   - maximumRefreshes: The most refreshes within `window`.
        ///   - window: The window.
        public init(maximumRefreshes: Int, window: Duration) {
            self.maximumRefreshes = maximumRefreshes
            self.window = window
        }

        /// Three refreshes per 30 seconds.
        public static var standard: Limit { Limit(maximumRefreshes: 3, window: .seconds(30)) }
    }

    let store: CredentialStore<Credential>
    private let scope: CredentialScope
    private let apply: @Sendable (Credential, inout HTTPRequest) -> Void
    private let isAuthenticationFailure: @Sendable (HTTPResponse) -> Bool

    /// Creates the interceptor.
    ///
    /// - Parameters:
    ///   - initial: The credential to start with; `nil` refreshes before the first request.
    ///   - scope: The origins the credential goes to; the client's base URL's by default.
    ///   - limit: How many refreshes are allowed per window of time.
    ///   - apply: Adds the credential to a request.
    ///   - isAuthenticationFailure: Whether a response means the credential was refused;
    ///     defaults to `401 Unauthorized`.
    ///   - refresh: Returns a new credential, given the stale one (`nil` if there was none).
    public init(
        initial: Credential?,
        scope: CredentialScope = .clientOrigin,
        limit: Limit = .standard,
        apply: @escaping @Sendable (Credential, inout HTTPRequest) -> Void,
        isAuthenticationFailure: @escaping @Sendable (HTTPResponse) -> Bool = { $0.status == .unauthorized },
        refresh: @escaping @Sendable (Credential?) async throws -> Credential
    ) {
        self.store = CredentialStore(credential: initial, limit: limit, refresher: refresh)
        self.scope = scope
        self.apply = apply
        self.isAuthenticationFailure = isAuthenticationFailure
    }

    /// The current credential, to persist it; `nil` before the first one.
    public var credential: Credential? {
        get async { await store.current() }
    }

    /// Replaces the credential, after a login or (with `nil`) a logout.
    ///
    /// - Parameter credential: The new credential.
    public func update(_ credential: Credential?) async {
        await store.replace(with: credential)
    }

    /// Applies the credential, and refreshes it and replays the request once when it is refused.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request body.
    ///   - context: The call's context.
    ///   - next: The rest of the pipeline.
    /// - Returns: The response, from the replay when there was one.
    /// - Throws: ``APIError/Kind/authentication`` when the refresh fails or loops, or when the
    ///   scope is the client's origin and the client has no base URL.
    public func intercept(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        context: InterceptorContext,
        next: Next
    ) async throws -> InterceptorResponse {
        guard !context.options.skipsAuthorization, request.headerFields[.authorization] == nil,
            try scope.includes(request, context: context, interceptor: "RefreshingAuthorizationInterceptor")
        else {
            return try await next(request, body)
        }
        let sent = try await store.valid(on: context.scope.clock)
        var authorized = request
        apply(sent.credential, &authorized)
        let response = try await next(authorized, body)
        // A refusal from another origin, reached by a redirect that dropped the credential, says
        // nothing about the credential: refreshing would throw a valid token away.
        guard isAuthenticationFailure(response.head), !response.cameFromAnotherOrigin else {
            return response
        }

        let fresh = try await store.refreshed(replacing: sent.generation, on: context.scope.clock)
        context.recorder?.refreshed()
        context.log.debug(
            "Replaying with a refreshed credential",
            metadata: ["courier.request": "\(context.requestName)", "courier.generation": "\(fresh.generation)"]
        )
        var replay = request
        apply(fresh.credential, &replay)
        return try await next(replay, body)
    }
}

extension RefreshingAuthorizationInterceptor where Credential == BearerCredential {
    /// Sends `Authorization: Bearer <accessToken>` and refreshes the token with `refresh`.
    ///
    /// - Parameters:
    ///   - initial: The credential to start with; `nil` refreshes before the first request.
    ///   - scope: The origins the credential goes to; the client's base URL's by default.
    ///   - limit: How many refreshes are allowed per window of time.
    ///   - refresh: Returns a new credential, given the stale one.
    /// - Returns: The interceptor.
    public static func bearer(
        initial: BearerCredential?,
        scope: CredentialScope = .clientOrigin,
        limit: Limit = .standard,
        refresh: @escaping @Sendable (BearerCredential?) async throws -> BearerCredential
    ) -> Self {
        Self(
            initial: initial,
            scope: scope,
            limit: limit,
            apply: { credential, request in
                request.headerFields.set("Bearer \(credential.accessToken)", for: .authorization)
            },
            refresh: refresh
        )
    }
}
