public import Foundation
import HTTPTypes

/// The origins an authorization interceptor sends its credential to: the client's base URL's
/// origin unless you name others.
///
/// An origin is a scheme, a host and a port, as a browser compares them: `https://api.example.com`
/// is not `http://api.example.com`, `https://example.com`, `https://files.example.com` or
/// `https://api.example.com:8443`. A request for an origin outside the scope — one whose own
/// ``APIRequest/baseURL`` names another host, say — is sent without the credential (the client's
/// logger says why, at `debug`), as a redirect to another origin is.
///
/// ```swift
/// // A client of one API: its base URL's origin, by default.
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!,
///                        interceptors: [AuthorizationInterceptor.bearer { token }])
///
/// // Requests that name their own base URLs (a base protocol per host): the origins the token is for.
/// let shared = APIClient(interceptors: [
///     AuthorizationInterceptor.bearer(scope: .origins(URL(string: "https://api.hoge.com")!)) { token }
/// ])
/// ```
///
/// A client without a base URL has no origin for ``clientOrigin``: its calls then fail with
/// ``APIError/Kind/authentication`` rather than guess where the credential may go.
public struct CredentialScope: Sendable, Hashable {
    private enum Base: Sendable, Hashable {
        case clientOrigin
        case origins(Set<WebOrigin>)
    }

    private let base: Base

    private init(_ base: Base) {
        self.base = base
    }

    /// The origin of the client's base URL (``APIClient/Configuration/baseURL``): the default.
    public static var clientOrigin: CredentialScope { CredentialScope(.clientOrigin) }

    /// The origins of `urls`: their scheme, host and port (their paths do not matter).
    ///
    /// A URL without a host names no origin.
    ///
    /// - Parameter urls: URLs of the origins, like the APIs' base URLs.
    /// - Returns: The scope.
    public static func origins(_ urls: [URL]) -> CredentialScope {
        CredentialScope(.origins(Set(urls.compactMap(WebOrigin.init))))
    }

    /// The origins of `urls`: their scheme, host and port (their paths do not matter).
    ///
    /// - Parameter urls: URLs of the origins, like the APIs' base URLs.
    /// - Returns: The scope.
    public static func origins(_ urls: URL...) -> CredentialScope {
        origins(urls)
    }

    /// Whether `request` may carry the credential.
    ///
    /// - Parameters:
    ///   - request: The request about to be sent.
    ///   - context: The call's context, with the client's base URL's origin.
    ///   - interceptor: The interceptor's name, for the messages.
    /// - Returns: Whether the request is for an origin in the scope; `false` after logging why.
    /// - Throws: ``APIError/Kind/authentication`` when the scope is the client's origin and the
    ///   client has no base URL.
    package func includes(_ request: HTTPRequest, context: InterceptorContext, interceptor: String) throws -> Bool {
        let origin = WebOrigin(request)
        switch base {
        case .clientOrigin:
            guard let clientOrigin = context.clientOrigin else {
                throw APIError(
                    .authentication,
                    "\(interceptor) sends its credential to the client's base URL's origin, and the client has "
                        + "no base URL: give the client one, or name the origins the credential is for "
                        + "(scope: .origins(…)).",
                    request: request)
            }
            if let origin, origin == clientOrigin { return true }
            Self.logSkipped(request, origin: origin, scope: "the client's origin, \(clientOrigin)", context: context)
        case .origins(let origins):
            if let origin, origins.contains(origin) { return true }
            let listed = origins.map(\.description).compactlySorted().joined(separator: ", ")
            Self.logSkipped(request, origin: origin, scope: "the origins \(listed)", context: context)
        }
        return false
    }

    private static func logSkipped(
        _ request: HTTPRequest, origin: WebOrigin?, scope: String, context: InterceptorContext
    ) {
        context.log.debug(
            "Sending the request without the credential: its origin is outside the credential's scope",
            metadata: [
                "courier.request": "\(context.requestName)",
                "courier.origin": "\(origin.map(\.description) ?? "none")",
                "courier.scope": "\(scope)",
            ])
    }
}
