/// How a ``ResponseCache`` answered one call, for logs and reports.
///
/// A struct rather than an enum so that outcomes can be added without breaking a `switch`;
/// include a `default` case.
public struct CacheOutcome: Hashable, Sendable, CustomStringConvertible {
    private enum Base: String, Hashable, Sendable {
        case hit
        case revalidated
        case miss
        case coalesced
        case stale
    }

    private let base: Base

    private init(_ base: Base) {
        self.base = base
    }

    /// A stored response answered: nothing was sent.
    public static var hit: Self { .init(.hit) }

    /// A stored response was revalidated: the server answered `304 Not Modified` and the stored
    /// body was returned.
    public static var revalidated: Self { .init(.revalidated) }

    /// The response came from the server (and was stored when it allowed it).
    public static var miss: Self { .init(.miss) }

    /// The call joined an identical call already in flight and shares its response.
    public static var coalesced: Self { .init(.coalesced) }

    /// A stale stored response stood in for a failure: `stale-if-error`, or the cache's
    /// ``ResponseCache/servesStaleWhenOffline`` policy.
    public static var stale: Self { .init(.stale) }

    /// The outcome's name, like `hit`.
    public var description: String { base.rawValue }
}
