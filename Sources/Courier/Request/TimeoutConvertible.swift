/// A type a request's ``APIRequest/timeout`` may have: `Duration?` (the default) where `nil`
/// means the client's, `Duration`, or `TimeInterval` in seconds as URLSession spells it.
///
/// Every spelling is honoured; another type does not compile as a timeout.
public protocol TimeoutConvertible: Sendable {
    /// The time allowed, or `nil` for the client's.
    var resolvedTimeout: Duration? { get }
}

extension Duration: TimeoutConvertible {
    /// This duration.
    public var resolvedTimeout: Duration? { self }
}

extension Double: TimeoutConvertible {
    /// These seconds as a duration (`TimeInterval` is `Double`).
    public var resolvedTimeout: Duration? { .milliseconds(Int64((self * 1000).rounded())) }
}

extension Optional: TimeoutConvertible where Wrapped: TimeoutConvertible {
    /// The wrapped time, or `nil` for the client's.
    public var resolvedTimeout: Duration? { self?.resolvedTimeout }
}
