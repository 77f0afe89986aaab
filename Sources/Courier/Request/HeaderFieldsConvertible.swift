public import HTTPTypes

/// A type a request's ``APIRequest/headers`` may have: `[String: String]`, `[String: String]?`
/// (as Moya spells it) or `HTTPFields`.
///
/// Every spelling is honoured; another type does not compile as headers. Names and values are
/// checked before anything is sent.
public protocol HeaderFieldsConvertible: Sendable {
    /// The fields as name–value pairs, in the order they are sent.
    var headerPairs: [(name: String, value: String)] { get }
}

extension Dictionary: HeaderFieldsConvertible where Key == String, Value == String {
    /// The fields, sorted by name so that the order is stable.
    public var headerPairs: [(name: String, value: String)] {
        sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }
}

extension HTTPFields: HeaderFieldsConvertible {
    /// The fields, in their order.
    public var headerPairs: [(name: String, value: String)] {
        map { (name: $0.name.rawName, value: $0.value) }
    }
}

extension Optional: HeaderFieldsConvertible where Wrapped: HeaderFieldsConvertible {
    /// The wrapped fields, or none.
    public var headerPairs: [(name: String, value: String)] { self?.headerPairs ?? [] }
}
