/// Whether and how far a client follows redirects.
///
/// Transports never follow redirects; the client does, the same way on every platform:
/// - `301` and `302` turn a `POST` into a `GET` without a body; `303` turns anything but `HEAD`
///   into a `GET`; `307` and `308` keep the method and the body (RFC 9110 §15.4).
/// - When the scheme, host or port changes, `Authorization`, `Cookie` and
///   `Proxy-Authorization` are dropped, and stay dropped for the rest of the chain.
/// - A redirect from `https` to `http` fails with ``APIError/Kind/insecureRedirect``.
/// - One redirect past ``limit`` fails with ``APIError/Kind/tooManyRedirects``.
///
/// A hook sees each hop before it is followed, and may stop it or change the next request:
///
/// ```swift
/// $0.redirects = .follow(limit: 3) { hop in
///     hop.crossesOrigin ? .stop : .follow
/// }
/// ```
public struct RedirectPolicy: Sendable {
    /// The most redirects one call follows.
    public let limit: Int

    /// Whether redirects are followed at all.
    package let isEnabled: Bool

    /// Decides each hop, when the app gave a hook.
    let decide: (@Sendable (RedirectHop) async -> RedirectDecision)?

    /// Follows up to five redirects.
    public static let `default` = RedirectPolicy.follow(limit: 5)

    /// Follows no redirects: a `3xx` response is returned as it is, and fails the call unless
    /// the request accepts its status.
    public static let disabled = RedirectPolicy(limit: 0, isEnabled: false, decide: nil)

    /// Follows up to `limit` redirects.
    ///
    /// - Parameter limit: The most redirects one call follows.
    /// - Returns: The policy.
    public static func follow(limit: Int) -> RedirectPolicy {
        RedirectPolicy(limit: max(0, limit), isEnabled: true, decide: nil)
    }

    /// Follows up to `limit` redirects, asking `decide` about each hop first.
    ///
    /// - Parameters:
    ///   - limit: The most redirects one call follows.
    ///   - decide: Follows, stops or changes each hop.
    /// - Returns: The policy.
    public static func follow(
        limit: Int,
        decide: @escaping @Sendable (RedirectHop) async -> RedirectDecision
    ) -> RedirectPolicy {
        RedirectPolicy(limit: max(0, limit), isEnabled: true, decide: decide)
    }
}
