public import Foundation

/// A type a request's ``APIRequest/baseURL`` may have: `URL`, `URL?` where `nil` means the
/// client's base URL, or `String`.
///
/// Every spelling is honoured, so a base protocol copied from APIKit or Moya
/// (`var baseURL: URL { URL(string: "https://api.example.com")! }`) works as written, and so
/// does Alamofire's habit of a string (`var baseURL: String { "https://api.example.com" }`),
/// which fails the call with ``APIError/Kind/invalidRequest`` when it is not a URL.
public protocol BaseURLConvertible: Sendable {
    /// The base URL, or `nil` for the client's.
    ///
    /// - Throws: ``APIError/Kind/invalidRequest`` when the value is not a URL.
    var resolvedBaseURL: URL? { get throws(APIError) }
}

extension URL: BaseURLConvertible {
    /// This URL.
    public var resolvedBaseURL: URL? { self }
}

extension String: BaseURLConvertible {
    /// This text as a URL.
    ///
    /// - Throws: ``APIError/Kind/invalidRequest`` when the text is not a URL.
    public var resolvedBaseURL: URL? {
        get throws(APIError) {
            guard let url = URL(string: self) else {
                throw APIError(
                    .invalidRequest, "The base URL '\(Redaction.standard.scrub(self))' is not a valid URL.")
            }
            return url
        }
    }
}

extension Optional: BaseURLConvertible where Wrapped: BaseURLConvertible {
    /// The wrapped base URL, or `nil` for the client's.
    ///
    /// - Throws: What the wrapped value throws.
    public var resolvedBaseURL: URL? {
        get throws(APIError) { try self?.resolvedBaseURL }
    }
}
