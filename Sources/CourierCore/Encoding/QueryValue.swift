public import Foundation

/// A value that can stand in a query string or a form body.
///
/// Strings, integers, floating-point numbers, `Bool` (`true`/`false`), `UUID`, `Decimal`, arrays
/// (the name is repeated, `tag=a&tag=b`) and optionals (`nil` is left out) conform. Conform your
/// own types, such as `RawRepresentable` enums, by returning their text:
///
/// ```swift
/// extension SortOrder: QueryValue {
///     public var queryValues: [String] { [rawValue] }
/// }
/// ```
public protocol QueryValue: Sendable {
    /// The texts this value contributes, one `name=value` pair each; empty to leave it out.
    var queryValues: [String] { get }
}

extension String: QueryValue {
    /// The string itself.
    public var queryValues: [String] { [self] }
}

extension Substring: QueryValue {
    /// The substring itself.
    public var queryValues: [String] { [String(self)] }
}

extension Bool: QueryValue {
    /// `true` or `false`.
    public var queryValues: [String] { [self ? "true" : "false"] }
}

extension Int: QueryValue {
    /// The number in decimal.
    public var queryValues: [String] { [String(self)] }
}

extension Int64: QueryValue {
    /// The number in decimal.
    public var queryValues: [String] { [String(self)] }
}

extension Int32: QueryValue {
    /// The number in decimal.
    public var queryValues: [String] { [String(self)] }
}

extension UInt: QueryValue {
    /// The number in decimal.
    public var queryValues: [String] { [String(self)] }
}

extension UInt64: QueryValue {
    /// The number in decimal.
    public var queryValues: [String] { [String(self)] }
}

extension Double: QueryValue {
    /// The shortest decimal text that reads back as the same number, like `1.5`.
    public var queryValues: [String] { [description] }
}

extension Float: QueryValue {
    /// The shortest decimal text that reads back as the same number, like `1.5`.
    public var queryValues: [String] { [description] }
}

extension Decimal: QueryValue {
    /// The number in decimal.
    public var queryValues: [String] { [description] }
}

extension UUID: QueryValue {
    /// The UUID's canonical text.
    public var queryValues: [String] { [uuidString] }
}

extension Date: QueryValue {
    /// The date in ISO 8601, to the second, in UTC, like `2026-11-24T23:42:08Z`: what most APIs
    /// take. For another format, pass the text.
    public var queryValues: [String] { [formatted(.iso8601)] }
}

extension Array: QueryValue where Element: QueryValue {
    /// Every element's values, so that the name repeats: `tag=a&tag=b`.
    public var queryValues: [String] { flatMap(\.queryValues) }
}

extension Optional: QueryValue where Wrapped: QueryValue {
    /// The wrapped value's values, or none for `nil`, which leaves the parameter out.
    public var queryValues: [String] { self?.queryValues ?? [] }
}
