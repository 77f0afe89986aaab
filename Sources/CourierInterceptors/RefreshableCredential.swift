import CourierCore
public import Foundation

/// A credential that ``RefreshingAuthorizationInterceptor`` can apply and refresh.
///
/// Implementation requirements: ``requiresRefresh`` is read before every request and must be
/// cheap; return `true` once the credential has expired (or is about to), so it is refreshed
/// before it is sent instead of after a `401`.
public protocol RefreshableCredential: Sendable {
    /// Whether the credential must be refreshed before its next use.
    var requiresRefresh: Bool { get }
}

/// An OAuth-style bearer token with an optional refresh token and expiry.
public struct BearerCredential: RefreshableCredential, Hashable {
    /// The access token sent as `Authorization: Bearer <accessToken>`.
    public var accessToken: String

    /// The token that buys a new access token, if the server issued one.
    public var refreshToken: String?

    /// When the access token expires, if known.
    public var expiresAt: Date?

    /// How long before ``expiresAt`` the credential counts as expired, so that a request does not
    /// leave with a token that dies on the way. Defaults to 30 seconds.
    public var refreshMargin: Duration

    /// Creates a credential.
    ///
    /// - Parameters:
    ///   - accessToken: The access token.
    ///   - refreshToken: The refresh token, if any.
    ///   - expiresAt: When the access token expires, if known.
    ///   - refreshMargin: How long before expiry to refresh.
    public init(
        accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil, refreshMargin: Duration = .seconds(30)
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.refreshMargin = refreshMargin
    }

    /// Whether the access token has expired, or expires within ``refreshMargin``.
    public var requiresRefresh: Bool {
        guard let expiresAt else { return false }
        let (seconds, attoseconds) = refreshMargin.components
        return expiresAt.timeIntervalSinceNow <= Double(seconds) + Double(attoseconds) / 1e18
    }
}
