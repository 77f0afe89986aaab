public import Foundation

/// The type of a request's ``APIRequest/body``: `RequestBody?` (the default) or `RequestBody`.
///
/// Both are honoured, so `var body: RequestBody { .json(todo) }` is sent. Raw `Data` (APIKit's
/// and Alamofire's habit) fails to compile with a message saying how to write it, rather than
/// being ignored, which Swift would otherwise do: it would take the protocol's default, no body.
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

@available(
    *, unavailable,
    message:
        "Write body as a RequestBody: `var body: RequestBody? { .data(bytes, contentType: \"application/octet-stream\") }`"
)
extension Data: RequestBodyConvertible {
    /// Unavailable: write a ``RequestBody``.
    public var resolvedBody: RequestBody? { nil }
}
