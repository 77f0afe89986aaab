public import CourierCore

extension APIClient.Configuration {
    /// The HTTP cache for `GET` and `HEAD` calls, with conditional requests and the coalescing of
    /// identical calls in flight; `nil` (the default) for none.
    ///
    /// The client runs it after every interceptor, just above redirects and the transport, so
    /// that it sees each request's final header fields (`Authorization` included). Streamed
    /// calls (``APIClient/withBytes(_:progress:_:)``, downloads, events, JSON Lines) bypass it.
    /// See <doc:Caching>.
    public var cache: ResponseCache? {
        get { features[CacheFeature.self]?.cache }
        set { features[CacheFeature.self] = newValue.map(CacheFeature.init) }
    }
}

/// The cache as a feature of the call path (``CallFeature``): its step is ``CacheStep``.
struct CacheFeature: CallFeature {
    let cache: ResponseCache

    /// The cache has no other feature to order against; it runs below the cookie jar.
    var rank: Int { 0 }

    /// A cached call may wait for storage or for an identical call's answer.
    var awaitsBeyondTheTransport: Bool { true }

    func step(above next: @escaping InterceptorChain.Step, in configuration: APIClient.Configuration)
        -> InterceptorChain.Step
    {
        CacheStep(cache: cache, bodyLimit: configuration.maximumBodySize, next: next).send
    }
}
