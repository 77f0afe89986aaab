import CourierCore
import Foundation
import HTTPTypes

/// Where a response is stored: a digest of the request's method, URL and credential.
///
/// Two requests with different `Authorization`, `Proxy-Authorization` or `Cookie` values — or
/// different values of a field the client's ``Redaction/headerNames`` declares secret, such as an
/// `X-Api-Key` — never share a key, and the key holds only a SHA-256 digest, never the credential
/// itself. The variants that a response's
/// `Vary` field separates are kept apart inside one entry (see ``CacheEntry``).
public struct CacheKey: Hashable, Sendable, CustomStringConvertible {
    /// The digest, as 64 lowercase hexadecimal digits: safe as a file name.
    public let rawValue: String

    /// Creates a key from its digest, as a store read it back.
    ///
    /// - Parameter rawValue: 64 lowercase hexadecimal digits; anything else is rejected.
    public init?(rawValue: String) {
        guard rawValue.count == 64, rawValue.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        self.rawValue = rawValue
    }

    /// The digest.
    public var description: String { rawValue }

    /// Header fields that carry a credential: they partition the cache.
    static let credentialFields: [HTTPField.Name] = [.authorization, .proxyAuthorization, .cookie]

    /// The key of `request`: its method, scheme, authority and path (with the query), and the
    /// digest of its credential fields and of the fields in `secretFields`.
    init(_ request: HTTPRequest, secretFields: Set<HTTPField.Name> = []) {
        var hash = SHA256()
        hash.update(field: "courier-cache-1")
        hash.update(field: request.method.rawValue)
        hash.update(field: request.scheme?.lowercased() ?? "")
        hash.update(field: request.authority?.lowercased() ?? "")
        hash.update(field: request.path ?? "/")
        let extra = secretFields.filter { !Self.credentialFields.contains($0) }.compactlySorted {
            $0.canonicalName < $1.canonicalName
        }
        for name in Self.credentialFields + extra {
            hash.update(field: name.canonicalName)
            hash.update(field: request.headerFields[values: name].joined(separator: "\n"))
        }
        rawValue = hash.hexDigest
    }

    /// Whether `request` carries a credential: `Authorization`, `Proxy-Authorization`, or a field in
    /// `secretFields`.
    static func hasCredential(_ request: HTTPRequest, secretFields: Set<HTTPField.Name> = []) -> Bool {
        ([.authorization, .proxyAuthorization] + secretFields).contains { request.headerFields[$0] != nil }
    }
}

/// Which variant of a resource a request asks for, given the field names a response's `Vary`
/// lists (RFC 9111, section 4.1).
enum Variant {
    /// The names a response's `Vary` lists, lowercased; `nil` for `Vary: *`, which matches no
    /// later request.
    static func names(in response: HTTPResponse) -> [String]? {
        let names = response.headerFields[values: .vary]
            .flatMap { $0.pieces(separatedBy: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        if names.contains("*") { return nil }
        return Set(names).compactlySorted()
    }

    /// The digest of `request`'s values of `names`, combined and with whitespace normalized.
    static func digest(of request: HTTPRequest, names: [String]) -> String {
        var hash = SHA256()
        for name in names {
            hash.update(field: name)
            let values = HTTPField.Name(name).map { request.headerFields[values: $0] } ?? []
            hash.update(field: values.map { $0.pieces(separatedBy: " ").joined(separator: " ") }.joined(separator: ","))
        }
        return hash.hexDigest
    }

    /// The digest of all of `request`'s fields, in a stable order: requests that coalesce must be
    /// alike in every field that a `Vary` could name.
    static func digestOfAllFields(of request: HTTPRequest) -> String {
        let names = Set(request.headerFields.map { $0.name.canonicalName }).compactlySorted()
        return digest(of: request, names: names)
    }
}
