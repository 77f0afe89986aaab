extension APIError {
    /// How far a failed call's request got: whether the server can have acted on it.
    ///
    /// A call that failed before any response arrived may or may not have changed something on
    /// the server. Sending it again is safe, whatever its method, only when the request was
    /// ``notSent`` or ``notProcessed``; after ``mayHaveBeenProcessed``, only a request that is
    /// idempotent (`GET`, `PUT`, `DELETE`, …) or carries an `Idempotency-Key` should be sent
    /// again. ``RetryInterceptor`` follows these rules, and the client resends by itself, once,
    /// what the protocol says is safe (see <doc:RetryingFailedCalls>).
    ///
    /// ```swift
    /// do {
    ///     try await client.send(PlaceOrder(cart))
    /// } catch where error.delivery == .mayHaveBeenProcessed {
    ///     showOrderStatusUnknown()  // look the order up before placing it again
    /// }
    /// ```
    ///
    /// `Delivery` is a struct rather than an enum so that new values can be added without
    /// breaking your `switch` statements; always include a `default` case.
    public struct Delivery: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case notSent
            case notProcessed
            case mayHaveBeenProcessed
            case answered
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// Nothing of the request reached the server: it was invalid, the host was not found,
        /// the connection was refused or timed out, or the TLS handshake failed.
        public static var notSent: Self { .init(.notSent) }

        /// The request reached the server, and the protocol guarantees the server did not act on
        /// it: HTTP/2's `REFUSED_STREAM`, or a stream above the last one a `GOAWAY` names.
        public static var notProcessed: Self { .init(.notProcessed) }

        /// The request was sent, or may have been, and no response arrived: the connection was
        /// reset or closed, a stream was reset with an error, or the deadline passed. The server
        /// may have acted on it.
        public static var mayHaveBeenProcessed: Self { .init(.mayHaveBeenProcessed) }

        /// The server answered: the response's head arrived (see ``APIError/response``).
        public static var answered: Self { .init(.answered) }

        /// Whether the server certainly did not act on the request: ``notSent`` or
        /// ``notProcessed``. Such a request can be sent again whatever its method.
        public var leftServerUnchanged: Bool { base == .notSent || base == .notProcessed }

        /// The value's name, like `notProcessed`.
        public var description: String { base.rawValue }
    }

    /// How far the request got before the call failed: whether the server can have acted on it.
    ///
    /// The client sets it from what the transport reported. An error made without it (by an
    /// interceptor, say) is ``Delivery/answered`` when it carries a response,
    /// ``Delivery/notSent`` when its kind means nothing was sent (``Kind/invalidRequest``,
    /// ``Kind/encoding``, ``Kind/tls``, ``Kind/notCached``, ``Kind/unexpectedRequest``), and otherwise
    /// ``Delivery/mayHaveBeenProcessed``, the answer that never leads to a request sent twice.
    public var delivery: Delivery {
        get {
            if let knownDelivery { return knownDelivery }
            if response != nil { return .answered }
            if [.invalidRequest, .encoding, .tls, .notCached, .unexpectedRequest].contains(kind) { return .notSent }
            return .mayHaveBeenProcessed
        }
        set { knownDelivery = newValue }
    }
}
