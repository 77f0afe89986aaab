/// The type of a request's ``APIRequest/timeout``: `Duration`, or `Duration?` where `nil` means
/// the client's.
///
/// It exists so that a spelling from elsewhere fails to compile with a message rather than being
/// ignored: Swift would otherwise take the protocol's default (the client's timeout) and drop a
/// `var timeout: TimeInterval` without a word. `TimeInterval` and `Int` say how to write it
/// instead.
public protocol TimeoutConvertible: Sendable {
    /// The time allowed, or `nil` for the client's.
    var resolvedTimeout: Duration? { get }
}

extension Duration: TimeoutConvertible {
    /// This duration.
    public var resolvedTimeout: Duration? { self }
}

extension Optional: TimeoutConvertible where Wrapped: TimeoutConvertible {
    /// The wrapped time, or `nil` for the client's.
    public var resolvedTimeout: Duration? { self?.resolvedTimeout }
}

@available(*, unavailable, message: "Write timeout as a Duration: `var timeout: Duration? { .seconds(30) }`")
extension Double: TimeoutConvertible {
    /// Unavailable: write a `Duration`.
    public var resolvedTimeout: Duration? { nil }
}

@available(*, unavailable, message: "Write timeout as a Duration: `var timeout: Duration? { .seconds(30) }`")
extension Int: TimeoutConvertible {
    /// Unavailable: write a `Duration`.
    public var resolvedTimeout: Duration? { nil }
}
