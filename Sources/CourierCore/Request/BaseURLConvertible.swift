public import Foundation

/// The type of a request's ``APIRequest/baseURL``: `URL`, or `URL?` where `nil` means the
/// client's base URL.
///
/// Both are honoured, so a base protocol copied from APIKit or Moya
/// (`var baseURL: URL { URL(string: "https://api.example.com")! }`) works as written. A
/// `String` (Alamofire's habit) fails to compile with a message saying how to write it, rather
/// than being ignored, which Swift would otherwise do: it would take the protocol's default.
public protocol BaseURLConvertible: Sendable {
    /// The base URL, or `nil` for the client's.
    var resolvedBaseURL: URL? { get }
}

extension URL: BaseURLConvertible {
    /// This URL.
    public var resolvedBaseURL: URL? { self }
}

@available(
    *, unavailable, message: "Write baseURL as a URL: `var baseURL: URL { URL(string: \"https://api.example.com\")! }`"
)
extension String: BaseURLConvertible {
    /// Unavailable: write a `URL`.
    public var resolvedBaseURL: URL? { nil }
}

extension Optional: BaseURLConvertible where Wrapped: BaseURLConvertible {
    /// The wrapped base URL, or `nil` for the client's.
    public var resolvedBaseURL: URL? { self?.resolvedBaseURL }
}
