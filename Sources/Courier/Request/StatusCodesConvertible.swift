/// A type a request's ``APIRequest/acceptableStatusCodes`` may have: ``StatusCodes`` (the
/// default), `Range<Int>`, `ClosedRange<Int>`, `Set<Int>` or `[Int]`.
///
/// Every spelling is honoured, so `var acceptableStatusCodes: Set<Int> { [200, 304] }` works as
/// written.
public protocol StatusCodesConvertible: Sendable {
    /// Whether `code` is among these codes.
    ///
    /// - Parameter code: A status code.
    /// - Returns: `true` when it is a member.
    func containsStatusCode(_ code: Int) -> Bool
}

extension StatusCodes: StatusCodesConvertible {
    /// Whether this set holds `code`.
    ///
    /// - Parameter code: A status code.
    /// - Returns: `true` when it is a member.
    public func containsStatusCode(_ code: Int) -> Bool { contains(code) }
}

extension Range: StatusCodesConvertible where Bound == Int {
    /// Whether this range holds `code`.
    ///
    /// - Parameter code: A status code.
    /// - Returns: `true` when it is a member.
    public func containsStatusCode(_ code: Int) -> Bool { contains(code) }
}

extension ClosedRange: StatusCodesConvertible where Bound == Int {
    /// Whether this range holds `code`.
    ///
    /// - Parameter code: A status code.
    /// - Returns: `true` when it is a member.
    public func containsStatusCode(_ code: Int) -> Bool { contains(code) }
}

extension Set: StatusCodesConvertible where Element == Int {
    /// Whether this set holds `code`.
    ///
    /// - Parameter code: A status code.
    /// - Returns: `true` when it is a member.
    public func containsStatusCode(_ code: Int) -> Bool { contains(code) }
}

extension Array: StatusCodesConvertible where Element == Int {
    /// Whether this array holds `code`.
    ///
    /// - Parameter code: A status code.
    /// - Returns: `true` when it is a member.
    public func containsStatusCode(_ code: Int) -> Bool { contains(code) }
}
