import Foundation

/// The last base URL a client parsed, so that requests that all carry the same base URL (a base
/// protocol's) do not parse it on every call.
///
/// Each client configuration has its own: nothing is shared across clients.
final class OriginCache: Sendable {
    private let last = Locked<(url: URL, origin: RequestBuilder.Origin)?>(nil)

    /// The parsed origin of `url`, from the cache when it is the last one parsed.
    func origin(of url: URL) throws(APIError) -> RequestBuilder.Origin {
        if let cached = last.withLock({ $0 }), cached.url == url { return cached.origin }
        let origin = try RequestBuilder.origin(of: url)
        last.withLock { $0 = (url, origin) }
        return origin
    }
}
