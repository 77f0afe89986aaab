/// The type of a request's ``APIRequest/acceptableStatusCodes``: always ``StatusCodes``.
///
/// It exists so that a spelling from elsewhere fails to compile with a message rather than being
/// ignored: Swift would otherwise take the protocol's default (`2xx`) and drop a
/// `var acceptableStatusCodes: Range<Int>` without a word. A range, a set or an array — of codes
/// or of `HTTPResponse.Status` — says how to write it instead.
public protocol StatusCodesConvertible: Sendable {
    /// The statuses.
    var resolvedStatusCodes: StatusCodes { get }
}

extension StatusCodes: StatusCodesConvertible {
    /// This set.
    public var resolvedStatusCodes: StatusCodes { self }
}

@available(
    *, unavailable,
    message:
        "Write acceptableStatusCodes as StatusCodes: `var acceptableStatusCodes: StatusCodes { .successful + [.notModified] }`"
)
extension Range: StatusCodesConvertible {
    /// Unavailable: write ``StatusCodes``.
    public var resolvedStatusCodes: StatusCodes { StatusCodes() }
}

@available(
    *, unavailable,
    message:
        "Write acceptableStatusCodes as StatusCodes: `var acceptableStatusCodes: StatusCodes { .successful + [.notModified] }`"
)
extension ClosedRange: StatusCodesConvertible {
    /// Unavailable: write ``StatusCodes``.
    public var resolvedStatusCodes: StatusCodes { StatusCodes() }
}

@available(
    *, unavailable,
    message: "Write acceptableStatusCodes as StatusCodes: `var acceptableStatusCodes: StatusCodes { [200, 304] }`"
)
extension Set: StatusCodesConvertible {
    /// Unavailable: write ``StatusCodes``.
    public var resolvedStatusCodes: StatusCodes { StatusCodes() }
}

@available(
    *, unavailable,
    message: "Write acceptableStatusCodes as StatusCodes: `var acceptableStatusCodes: StatusCodes { [200, 304] }`"
)
extension Array: StatusCodesConvertible {
    /// Unavailable: write ``StatusCodes``.
    public var resolvedStatusCodes: StatusCodes { StatusCodes() }
}
