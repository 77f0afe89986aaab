/// Which networks a request may use, as set by ``ConstrainedNetworkInterceptor`` in
/// ``InterceptorContext/networkAccess``.
///
/// Transports read it from ``TransportContext/networkAccess`` when they send:
/// ``URLSessionTransport`` maps it to `URLRequest`'s `allowsConstrainedNetworkAccess` and
/// `allowsExpensiveNetworkAccess` on Apple platforms. A transport that cannot honour a refusal
/// ignores it.
public struct NetworkAccess: Sendable, Hashable {
    /// Whether the request may use a constrained network (Low Data Mode).
    public var allowsConstrained: Bool

    /// Whether the request may use an expensive network (cellular, a personal hotspot).
    public var allowsExpensive: Bool

    /// Creates a network access setting.
    ///
    /// - Parameters:
    ///   - allowsConstrained: Whether the request may use a constrained network.
    ///   - allowsExpensive: Whether the request may use an expensive network.
    public init(allowsConstrained: Bool = true, allowsExpensive: Bool = true) {
        self.allowsConstrained = allowsConstrained
        self.allowsExpensive = allowsExpensive
    }
}

/// The error a transport throws when a request may not use the only network there is.
///
/// ``URLSessionTransport`` throws it for a `URLError` whose `networkUnavailableReason` is
/// `.constrained` or `.expensive`; the client reports it as the ``APIError/underlying`` error of
/// an ``APIError/Kind/transport`` failure.
public struct ConstrainedNetworkError: Error, Sendable, Hashable {
    /// Why the network was unavailable.
    public enum Reason: Sendable, Hashable {
        /// The network is constrained (Low Data Mode).
        case constrained
        /// The network is expensive (cellular, a personal hotspot).
        case expensive
    }

    /// Why the network was unavailable.
    public var reason: Reason

    /// Creates the error.
    ///
    /// - Parameter reason: Why the network was unavailable.
    public init(reason: Reason) {
        self.reason = reason
    }
}
