import CourierCore
import Foundation
import HTTPTypes

/// What a cassette never writes, by Courier's own redaction rules (`Redaction`): the values of
/// `Authorization`, `Proxy-Authorization`, cookies (`Cookie`, `Set-Cookie`: each cookie's value,
/// its name kept), URL credentials, the client's secret query parameters (nested in a return URL
/// too) and header fields, and the names the app gives, in header fields, queries, JSON bodies
/// (at any depth, also in JSON Lines and Server-Sent Events) and forms. Each becomes
/// `Redaction.placeholder`. The values hidden here are hidden wherever else they appear too
/// (``SecretValues``).
struct CassetteSecrets: Sendable {
    let redaction: Redaction
    /// Lowercased: the JSON members and form fields hidden, every secret name of the redaction.
    let names: Set<String>

    /// The rules of `client`'s redaction (the standard ones without it), and `appNames`.
    init(client: Redaction?, appNames: Set<String>) {
        var redaction = client ?? .standard
        for name in appNames {
            redaction.queryNames.insert(name)
            if let field = HTTPField.Name(name) { redaction.headerNames.insert(field) }
        }
        self.redaction = redaction
        var names = Set(redaction.queryNames.map { $0.lowercased() })
        names.formUnion(redaction.headerNames.map(\.canonicalName))
        names.formUnion(Redaction.alwaysRedactedHeaderNames.map(\.canonicalName))
        self.names = names
    }

    static let placeholder = Redaction.placeholder

    /// `request` without secrets: its header fields, its URL's credentials and query.
    func request(_ request: HTTPRequest) -> HTTPRequest {
        var redacted = request
        redacted.headerFields = HTTPFields()  // hidden by `fields(_:)`, cookie by cookie
        redacted = redaction.redact(redacted)
        redacted.headerFields = fields(request.headerFields)
        return redacted
    }

    /// `fields` without secrets; a cookie keeps its name and its attributes.
    func fields(_ fields: HTTPFields) -> HTTPFields {
        guard fields.contains(where: { isSecret($0.name) }) else { return fields }
        var redacted = HTTPFields()
        for field in fields {
            guard isSecret(field.name) else {
                redacted.append(field)
                continue
            }
            let value: String
            switch field.name {
            case .cookie:
                value = field.value.split(separator: ";").map { Self.hidingValue(of: $0) }.joined(separator: ";")
            case .setCookie:
                let parts = field.value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
                value = Self.hidingValue(of: parts[0]) + (parts.count > 1 ? ";" + parts[1] : "")
            default:
                value = Self.placeholder
            }
            redacted.append(HTTPField(name: field.name, value: value))
        }
        return redacted
    }

    /// `body` without the values of secret members and fields; the lengths of its chunks moved
    /// with the text.
    func body(_ body: Data, mimeType: String?, chunks: [Int]? = nil) -> (Data, [Int]?) {
        BodyRewriting { name, value, isJSON in
            guard names.contains(name.lowercased()), value != Self.placeholder,
                !JSONMembers.isString(value, equalTo: Self.placeholder)
            else { return nil }
            return isJSON ? JSONMembers.quoted(Self.placeholder) : Self.placeholder
        }
        .rewrite(body, mimeType: mimeType, chunks: chunks)
    }

    private func isSecret(_ name: HTTPField.Name) -> Bool {
        Redaction.alwaysRedactedHeaderNames.contains(name) || redaction.headerNames.contains(name)
    }

    /// `name=value` as `name=<redacted>`, white space kept.
    private static func hidingValue(of pair: Substring) -> String {
        guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
        return pair[...equals] + placeholder
    }
}
