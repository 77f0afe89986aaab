/// A type a request's ``APIRequest/body`` may have: `RequestBody?` (the default) or
/// `RequestBody`.
///
/// Both spellings are honoured, so `var body: RequestBody { .json(todo) }` is sent.
public protocol RequestBodyConvertible: Sendable {
    /// The body, or `nil` for none.
    var resolvedBody: RequestBody? { get }
}

extension RequestBody: RequestBodyConvertible {
    /// This body.
    public var resolvedBody: RequestBody? { self }
}

extension Optional: RequestBodyConvertible where Wrapped: RequestBodyConvertible {
    /// The wrapped body, or `nil` for none.
    public var resolvedBody: RequestBody? { self?.resolvedBody }
}
