public import HTTPTypes

/// The type of a request's ``APIRequest/headers``: `HTTPFields`, or `HTTPFields?` where `nil`
/// means none.
///
/// It exists so that a spelling from elsewhere fails to compile with a message rather than being
/// ignored: Swift would otherwise take the protocol's default (no fields) and drop a
/// `var headers: [String: String]` without a word — an `Authorization` header never sent. A
/// dictionary or an array (`[HTTPField]`), optional or not, says how to write it instead.
public protocol HeaderFieldsConvertible: Sendable {
    /// The fields.
    var resolvedHeaderFields: HTTPFields { get }
}

extension HTTPFields: HeaderFieldsConvertible {
    /// These fields.
    public var resolvedHeaderFields: HTTPFields { self }
}

extension Optional: HeaderFieldsConvertible where Wrapped: HeaderFieldsConvertible {
    /// The fields, or none.
    public var resolvedHeaderFields: HTTPFields { self?.resolvedHeaderFields ?? HTTPFields() }
}

@available(
    *, unavailable,
    message:
        "Write headers as HTTPFields: `var headers: HTTPFields { [.accept: \"application/json\", .apiKey: key] }`, with `extension HTTPField.Name { static let apiKey = Self(\"X-API-Key\")! }` for a field of your own"
)
extension Dictionary: HeaderFieldsConvertible {
    /// Unavailable: write `HTTPFields`.
    public var resolvedHeaderFields: HTTPFields { HTTPFields() }
}

@available(
    *, unavailable,
    message:
        "Write headers as HTTPFields: `var headers: HTTPFields { HTTPFields(fields) }`, or a literal `[.accept: \"application/json\"]`"
)
extension Array: HeaderFieldsConvertible {
    /// Unavailable: write `HTTPFields`.
    public var resolvedHeaderFields: HTTPFields { HTTPFields() }
}
