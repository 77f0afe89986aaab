extension CallReport {
    /// What a response cache did for a call: an open set of values.
    ///
    /// Courier has no cache yet; this is the slot a caching interceptor reports into.
    public struct CacheResult: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case hit
            case miss
            case revalidated
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The response came from the cache without a request.
        public static var hit: Self { .init(.hit) }

        /// The cache had no usable response; the request went to the server.
        public static var miss: Self { .init(.miss) }

        /// The cache asked the server whether its response was still fresh, and it was.
        public static var revalidated: Self { .init(.revalidated) }

        /// The result's name, like `hit`.
        public var description: String { base.rawValue }
    }
}
