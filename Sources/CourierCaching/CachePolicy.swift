public import CourierCore
/// How one request uses the ``ResponseCache``, set with ``RequestOptions/cachePolicy``.
///
/// ```swift
/// var options: RequestOptions { RequestOptions().with(\.cachePolicy, .reload) }
/// ```
public struct CachePolicy: Hashable, Sendable, CustomStringConvertible {
    private enum Base: String, Hashable, Sendable {
        case useProtocol
        case reload
        case returnCacheElseLoad
        case onlyIfCached
    }

    private let base: Base

    private init(_ base: Base) {
        self.base = base
    }

    /// The HTTP rules (RFC 9111): a fresh stored response answers, a stale one is revalidated.
    /// The default.
    public static var useProtocol: Self { .init(.useProtocol) }

    /// Loads from the server whatever is stored, and stores the response when it may be stored.
    public static var reload: Self { .init(.reload) }

    /// A stored response answers however old it is; without one, the server is asked.
    public static var returnCacheElseLoad: Self { .init(.returnCacheElseLoad) }

    /// A stored response answers however old it is; without one, the call fails with
    /// ``APIError/Kind/notCached`` and nothing is sent.
    public static var onlyIfCached: Self { .init(.onlyIfCached) }

    /// The policy's name, like `reload`.
    public var description: String { base.rawValue }
}

enum CachePolicyKey: RequestOptionKey {
    static let defaultValue = CachePolicy.useProtocol
}

enum CachesAuthorizedResponsesKey: RequestOptionKey {
    static let defaultValue = false
}

enum CoalescesRequestsKey: RequestOptionKey {
    static let defaultValue = true
}

extension RequestOptions {
    /// How the request uses the client's ``APIClient/Configuration/cache``. Defaults to
    /// ``CachePolicy/useProtocol``.
    public var cachePolicy: CachePolicy {
        get { self[CachePolicyKey.self] }
        set { self[CachePolicyKey.self] = newValue }
    }

    /// Whether a response to this request may be stored although the request carries
    /// `Authorization`, when the response does not say `Cache-Control: private` or `public` itself.
    /// Defaults to `false`.
    ///
    /// The entry is kept under a digest of the credential either way: a call with another
    /// credential never sees it.
    public var cachesAuthorizedResponses: Bool {
        get { self[CachesAuthorizedResponsesKey.self] }
        set { self[CachesAuthorizedResponsesKey.self] = newValue }
    }

    /// Whether this `GET` may share the response of an identical call already in flight (same
    /// URL, header fields and credential) rather than send its own. Defaults to `true`.
    public var coalescesRequests: Bool {
        get { self[CoalescesRequestsKey.self] }
        set { self[CoalescesRequestsKey.self] = newValue }
    }
}
