import Foundation

/// Small caches for work that every call would otherwise repeat with the same input.
enum Memo {
    private static let typeNames = Locked<[ObjectIdentifier: String]>([:])
    private static let lastOrigin = Locked<(url: URL, origin: RequestBuilder.Origin)?>(nil)

    /// `String(describing: type)`, which demangles at run time, computed once per type.
    static func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = typeNames.withLock({ $0[key] }) { return name }
        let name = String(describing: type)
        typeNames.withLock { $0[key] = name }
        return name
    }

    /// The parsed base URL, reusing the last one parsed: nearly every call uses the same base.
    static func origin(of url: URL) throws(APIError) -> RequestBuilder.Origin {
        if let cached = lastOrigin.withLock({ $0 }), cached.url == url { return cached.origin }
        let origin = try RequestBuilder.origin(of: url)
        lastOrigin.withLock { $0 = (url, origin) }
        return origin
    }
}
