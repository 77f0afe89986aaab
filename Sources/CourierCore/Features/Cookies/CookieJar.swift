public import Foundation

/// An in-memory cookie store following RFC 6265, one per client that wants cookies: set it as the
/// client's ``APIClient/Configuration/cookies``.
///
/// It keeps the cookies servers set (`Set-Cookie`) and hands back the ones that match a URL by
/// domain, path, `Secure` and expiry. Nothing is shared between jars, and nothing is written to
/// disk. Without a public suffix list, a `Domain` attribute must name the host or a domain with a
/// dot in it (`Domain=com` is ignored).
public final class CookieJar: Sendable {
    private let cookies = Locked<[Cookie]>([])
    private let now: @Sendable () -> Date

    /// Creates an empty jar.
    public convenience init() {
        self.init(now: { Date() })
    }

    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The number of cookies the jar holds, expired ones aside.
    public var count: Int {
        let now = now()
        return cookies.withLock { $0.count { !$0.isExpired(now: now) } }
    }

    /// Keeps the cookies of `Set-Cookie` values received from `url`; a cookie that is already
    /// expired (`Max-Age=0`) removes the one it names.
    ///
    /// - Parameters:
    ///   - setCookies: The `Set-Cookie` field values, one cookie each.
    ///   - url: The URL they came from.
    public func store(_ setCookies: [String], from url: URL) {
        let now = now()
        let received = setCookies.compactMap { Cookie(setCookie: $0, from: url, now: now) }
        guard !received.isEmpty else { return }
        cookies.withLock { cookies in
            for cookie in received {
                var kept = cookie
                if let index = cookies.firstIndex(where: {
                    $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path
                }) {
                    kept.created = cookies[index].created  // RFC 6265, 5.3 step 11.3
                    cookies.remove(at: index)
                }
                if !kept.isExpired(now: now) { cookies.append(kept) }
            }
            cookies.removeAll { $0.isExpired(now: now) }
        }
    }

    /// The `Cookie` header for a request to `url`, or `nil` when no cookie matches: longer paths
    /// first, then older cookies first (RFC 6265, section 5.4).
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: The header value.
    public func cookieHeader(for url: URL) -> String? {
        let now = now()
        let matching = cookies.withLock { $0.filter { $0.matches(url, now: now) } }
        guard !matching.isEmpty else { return nil }
        return
            matching
            .compactlySorted { ($0.path.count, $1.created) > ($1.path.count, $0.created) }
            .map { "\($0.name)=\($0.value)" }
            .joined(separator: "; ")
    }

    /// Forgets every cookie, as on logout.
    public func removeAll() {
        cookies.withLock { $0.removeAll() }
    }
}
