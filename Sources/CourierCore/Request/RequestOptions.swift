/// Per-request settings that interceptors read, such as skipping authorization or allowing a
/// retry of a `POST`.
///
/// Options are typed values keyed by types, like SwiftUI's environment. A request sets them:
///
/// ```swift
/// struct LoginRequest: APIRequest {
///     typealias Response = Token
///     var method: HTTPRequest.Method { .post }
///     var path: String { "/login" }
///     var options: RequestOptions { RequestOptions().with(\.skipsAuthorization, true) }
/// }
/// ```
///
/// and an interceptor reads them from ``InterceptorContext/options``. Define your own option with
/// a ``RequestOptionKey`` and a computed property in an extension of `RequestOptions`.
public struct RequestOptions: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// No options set: every option has its default.
    public init() {}

    /// The value of an option, or its default when unset.
    ///
    /// - Parameter key: The option's key type.
    public subscript<Key: RequestOptionKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// A copy with one option set.
    ///
    /// - Parameters:
    ///   - option: The option's property, like `\.skipsAuthorization`.
    ///   - value: Its value.
    /// - Returns: The options with `option` set to `value`.
    public func with<Value>(_ option: WritableKeyPath<RequestOptions, Value>, _ value: Value) -> RequestOptions {
        var options = self
        options[keyPath: option] = value
        return options
    }
}

/// The key of a ``RequestOptions`` value.
///
/// ```swift
/// enum CacheTTLKey: RequestOptionKey {
///     static let defaultValue: Duration? = nil
/// }
///
/// extension RequestOptions {
///     var cacheTTL: Duration? {
///         get { self[CacheTTLKey.self] }
///         set { self[CacheTTLKey.self] = newValue }
///     }
/// }
/// ```
public protocol RequestOptionKey {
    /// The option's type.
    associatedtype Value: Sendable

    /// The value when a request does not set the option.
    static var defaultValue: Value { get }
}
