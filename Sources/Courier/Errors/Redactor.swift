import Foundation
package import HTTPTypes

/// Removes credentials from requests, responses and text before they reach an error or a log.
package struct Redactor: Sendable {
    /// The text that stands in for a secret.
    package static let placeholder = "<redacted>"

    /// Header fields whose values are never shown.
    package var sensitiveFields: Set<HTTPField.Name>

    /// The redactor used by `APIError`.
    package static let standard = Redactor(sensitiveFields: [
        .authorization, .proxyAuthorization, .cookie, .setCookie,
    ])

    /// Returns `request` with sensitive header values and URL credentials replaced.
    package func redact(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headerFields = redact(request.headerFields)
        if let authority = request.authority {
            request.authority = Self.strippingUserInfo(authority)
        }
        return request
    }

    /// Returns `response` with sensitive header values replaced.
    package func redact(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headerFields = redact(response.headerFields)
        return response
    }

    /// Returns `fields` with sensitive values replaced.
    package func redact(_ fields: HTTPFields) -> HTTPFields {
        guard fields.contains(where: { sensitiveFields.contains($0.name) }) else { return fields }
        var redacted = HTTPFields()
        for field in fields {
            if sensitiveFields.contains(field.name) {
                redacted.append(HTTPField(name: field.name, value: Self.placeholder))
            } else {
                redacted.append(field)
            }
        }
        return redacted
    }

    /// The request's URL as text, without credentials.
    package func displayURL(of request: HTTPRequest) -> String {
        let scheme = request.scheme ?? "http"
        let authority = request.authority.map(Self.strippingUserInfo) ?? ""
        return "\(scheme)://\(authority)\(request.path ?? "")"
    }

    /// Removes `user:password@` from any URL found in `text`.
    package func scrub(_ text: String) -> String {
        guard text.contains("@") else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "://") {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let end =
                rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" || $0.isWhitespace }) ?? rest.endIndex
            let authority = rest[..<end]
            result += Self.strippingUserInfo(String(authority))
            rest = rest[end...]
        }
        return result + rest
    }

    private static func strippingUserInfo(_ authority: String) -> String {
        guard let at = authority.lastIndex(of: "@") else { return authority }
        return String(authority[authority.index(after: at)...])
    }
}
