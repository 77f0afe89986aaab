public import CourierCore
/// An HTTP cache for a client's `GET` and `HEAD` calls (the client side of RFC 9111), with
/// conditional requests and the coalescing of identical calls in flight.
///
/// Set it on the client's configuration; the client runs it after every interceptor, just above
/// redirects and the transport, so that it sees each request's final header fields
/// (`Authorization` included) whatever order the interceptors are in:
///
/// ```swift
/// let client = APIClient(baseURL: url, interceptors: [auth, retry]) {
///     $0.cache = ResponseCache()
/// }
/// ```
///
/// One cache may serve several clients; its entries are keyed by method, URL and a digest of the
/// credential. See <doc:Caching> for the rules it follows.
public final class ResponseCache: Sendable {
    /// Where responses are kept.
    public let storage: any CacheStorage

    /// Whether a stale stored response answers when the server cannot be reached (the request
    /// could not be sent, or timed out), unless the response said `must-revalidate` or `no-cache`.
    public let servesStaleWhenOffline: Bool

    /// Called once per cached call with how the cache answered it.
    let observe: (@Sendable (CacheOutcome, String) -> Void)?

    /// The calls in flight that identical calls may join.
    let coalescer = RequestCoalescer()

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - storage: Where responses are kept; defaults to a ``MemoryCacheStorage`` of 10 MiB.
    ///   - servesStaleWhenOffline: Whether a stale response answers when the server cannot be
    ///     reached. Defaults to `false`.
    ///   - observe: Called once per cached call with its outcome and the request's type name, for
    ///     metrics; the client also logs each outcome at debug level.
    public init(
        storage: any CacheStorage = MemoryCacheStorage(),
        servesStaleWhenOffline: Bool = false,
        observe: (@Sendable (_ outcome: CacheOutcome, _ requestName: String) -> Void)? = nil
    ) {
        self.storage = storage
        self.servesStaleWhenOffline = servesStaleWhenOffline
        self.observe = observe
    }
}
