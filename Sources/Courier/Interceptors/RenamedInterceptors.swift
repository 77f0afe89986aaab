// The interceptors' names before they all ended in "Interceptor", kept for code written against
// them. Each warns with its new name.

/// Renamed ``AuthorizationInterceptor``.
@available(*, deprecated, renamed: "AuthorizationInterceptor")
public typealias Authorization = AuthorizationInterceptor

/// Renamed ``RefreshingAuthorizationInterceptor``.
@available(*, deprecated, renamed: "RefreshingAuthorizationInterceptor")
public typealias RefreshingAuthorization<Credential: RefreshableCredential> =
    RefreshingAuthorizationInterceptor<Credential>

/// Renamed ``StatusHookInterceptor``.
@available(*, deprecated, renamed: "StatusHookInterceptor")
public typealias StatusHook = StatusHookInterceptor

/// Renamed ``ConstrainedNetworkInterceptor``.
@available(*, deprecated, renamed: "ConstrainedNetworkInterceptor")
public typealias ConstrainedNetworkFallback = ConstrainedNetworkInterceptor
