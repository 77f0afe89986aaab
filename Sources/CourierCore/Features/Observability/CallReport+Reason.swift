extension CallReport.Attempt {
    /// Why a request was sent: an open set of values.
    public struct Reason: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case first
            case retry
            case refresh
            case redirect
            case resend
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The call's first request.
        public static var first: Self { .init(.first) }

        /// The request sent again by an interceptor, such as ``RetryInterceptor``.
        public static var retry: Self { .init(.retry) }

        /// The request replayed after ``RefreshingAuthorizationInterceptor`` refreshed its credential.
        public static var refresh: Self { .init(.refresh) }

        /// A redirect hop the client followed.
        public static var redirect: Self { .init(.redirect) }

        /// The request sent again by the client itself, at once, because its exchange failed in a
        /// way that makes that safe: the server did not process it (HTTP/2 `REFUSED_STREAM`, a
        /// stream above a `GOAWAY`'s last id), or the connection was lost before any response and
        /// the request is idempotent or carries an `Idempotency-Key`. At most once for each
        /// request the interceptors send.
        public static var resend: Self { .init(.resend) }

        /// The reason's name, like `retry`.
        public var description: String { base.rawValue }
    }
}
