public import HTTPTypes

/// One redirect the client followed, or is about to follow.
///
/// A ``RedirectPolicy`` hook sees each hop before it is followed; interceptors see the hops that
/// led to a response in ``InterceptorResponse/redirects``, so that, say, an authentication interceptor
/// does not refresh its credential for a `401` that another origin sent.
public struct RedirectHop: Sendable {
    /// The request that was redirected.
    public let request: HTTPRequest

    /// The redirect response (`301`, `302`, `303`, `307` or `308`).
    public let response: HTTPResponse

    /// The request the client sends next, built by the redirect rules: method and body per
    /// RFC 9110, credentials dropped when the origin changes.
    public let next: HTTPRequest

    /// Whether ``next`` goes to another origin (scheme, host or port) than ``request``.
    public let crossesOrigin: Bool
}

/// What a ``RedirectPolicy`` hook decides for one hop.
public struct RedirectDecision: Sendable {
    enum Base: Sendable {
        case follow
        case stop
        case modify(HTTPRequest)
    }

    let base: Base

    /// Follow the hop as the rules built it.
    public static var follow: RedirectDecision { RedirectDecision(base: .follow) }

    /// Do not follow: the redirect response is the call's response (and fails the call unless
    /// the request accepts its status).
    public static var stop: RedirectDecision { RedirectDecision(base: .stop) }

    /// Follow with a changed request, such as an added header.
    ///
    /// The rules still apply to it: it must stay on the hop's origin, and credentials are
    /// dropped again when the hop crosses origins.
    ///
    /// - Parameter request: The request to send instead of ``RedirectHop/next``.
    /// - Returns: The decision.
    public static func follow(_ request: HTTPRequest) -> RedirectDecision { RedirectDecision(base: .modify(request)) }
}
