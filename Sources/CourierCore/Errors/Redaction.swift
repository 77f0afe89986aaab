import Foundation
public import HTTPTypes

/// Which secrets Courier hides wherever it shows a request: in ``APIError`` descriptions and in
/// logs.
///
/// `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` values and URL credentials
/// (`user:password@`) are always hidden. Add the header fields and query parameters your API
/// uses for secrets. A secret query parameter is hidden in the query of a URL nested in another
/// parameter's value too, encoded or not: a return URL (`next=%2Fpage%3Ftoken%3D<redacted>`), an
/// OAuth `redirect_uri`.
///
/// ```swift
/// let client = APIClient(baseURL: url) {
///     $0.redaction.headerNames.insert(HTTPField.Name("X-Api-Key")!)
///     $0.redaction.queryNames.insert("sig")
/// }
/// ```
public struct Redaction: Sendable, Hashable {
    /// The text that stands in for a secret.
    public static let placeholder = "<redacted>"

    /// Header fields hidden whatever the configuration says.
    public static let alwaysRedactedHeaderNames: Set<HTTPField.Name> = [
        .authorization, .proxyAuthorization, .cookie, .setCookie,
    ]

    /// Header fields whose values are hidden, besides ``alwaysRedactedHeaderNames``.
    public var headerNames: Set<HTTPField.Name>

    /// Query parameters whose values are hidden, compared without regard to case.
    public var queryNames: Set<String>

    /// Hides the always-redacted fields and the usual names of secret query parameters
    /// (`access_token`, `api_key`, `apikey`, `client_secret`, `key`, `password`, `refresh_token`,
    /// `sig`, `signature`, `token`).
    public static let standard = Redaction(
        headerNames: [],
        queryNames: [
            "access_token", "api_key", "apikey", "client_secret", "key", "password", "refresh_token", "sig",
            "signature", "token",
        ]
    )

    /// Creates a redaction.
    ///
    /// - Parameters:
    ///   - headerNames: Header fields to hide besides the always-redacted ones.
    ///   - queryNames: Query parameters to hide.
    public init(headerNames: Set<HTTPField.Name> = [], queryNames: Set<String> = []) {
        self.headerNames = headerNames
        self.queryNames = queryNames
    }

    /// Returns `request` with secret header values, query values and URL credentials replaced.
    ///
    /// - Parameter request: The request to redact.
    /// - Returns: The redacted request.
    public func redact(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headerFields = redact(request.headerFields)
        if let authority = request.authority {
            request.authority = Self.strippingUserInfo(authority)
        }
        if let path = request.path {
            request.path = redactQuery(in: path)
        }
        return request
    }

    /// Returns `response` with secret header values replaced.
    ///
    /// - Parameter response: The response to redact.
    /// - Returns: The redacted response.
    public func redact(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headerFields = redact(response.headerFields)
        return response
    }

    /// Returns `fields` with secret values replaced.
    ///
    /// - Parameter fields: The header fields to redact.
    /// - Returns: The redacted fields.
    public func redact(_ fields: HTTPFields) -> HTTPFields {
        guard fields.contains(where: { isSecret($0.name) }) else { return fields }
        var redacted = HTTPFields()
        for field in fields {
            redacted.append(isSecret(field.name) ? HTTPField(name: field.name, value: Self.placeholder) : field)
        }
        return redacted
    }

    /// The request's URL as text, without secrets.
    ///
    /// - Parameter request: The request.
    /// - Returns: Its URL, like `https://api.example.com/users?api_key=<redacted>`.
    public func displayURL(of request: HTTPRequest) -> String {
        let redacted = redact(request)
        return "\(redacted.scheme ?? "http")://\(redacted.authority ?? "")\(redacted.path ?? "")"
    }

    /// Removes URL credentials and the values of secret names from free text, such as an
    /// underlying error's description or a logged body: `name=value` pairs (queries, forms, and
    /// the queries of URLs nested, percent-encoded, in their values), `"name": value` members
    /// (JSON) and `Name: value` lines (a header dump), where a name is a secret query parameter or
    /// a secret header field — so a body that echoes the request's headers does not show its
    /// `Authorization`.
    ///
    /// - Parameter text: The text to clean.
    /// - Returns: The text without secrets.
    public func scrub(_ text: String) -> String {
        let text = redactNestedQueries(in: Self.strippingURLUserInfo(in: text))
        return redactHeaderLines(in: redactJSONValues(in: redactQueryValues(in: text)))
    }

    private func isSecret(_ name: HTTPField.Name) -> Bool {
        Self.alwaysRedactedHeaderNames.contains(name) || headerNames.contains(name)
    }

    /// Whether a query parameter's name, percent-decoded, is one of ``queryNames``.
    package func isSecretQueryName(_ name: Substring) -> Bool {
        let decoded = PercentEncoding.decode(name).lowercased()
        return queryNames.contains { $0.lowercased() == decoded }
    }

    /// Replaces secret values in the query of a request target (`/path?a=1&token=x`), and in the
    /// queries nested in its other values (`/login?next=%2Fpage%3Ftoken%3Dx`).
    private func redactQuery(in target: String) -> String {
        guard let questionMark = target.firstIndex(of: "?") else { return target }
        let query = target[target.index(after: questionMark)...]
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            guard isSecretQueryName(pair[..<equals]) else {
                return pair[...equals] + redactNestedQuery(in: pair[pair.index(after: equals)...])
            }
            return pair[...equals] + Self.placeholder
        }
        return target[...questionMark] + pairs.joined(separator: "&")
    }

    /// Replaces `name=value` for secret names anywhere in `text`, up to `&`, a quote or white space.
    private func redactQueryValues(in text: String) -> String {
        guard text.contains("=") else { return text }
        var result = ""
        var rest = Substring(text)
        while let equals = rest.firstIndex(of: "=") {
            let before = rest[..<equals]
            let nameStart =
                before.lastIndex(where: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
                .map { before.index(after: $0) } ?? before.startIndex
            result += rest[...equals]
            rest = rest[rest.index(after: equals)...]
            if isSecretQueryName(before[nameStart...]) {
                let end =
                    rest.firstIndex(where: { $0 == "&" || $0 == "\"" || $0 == "'" || $0.isWhitespace }) ?? rest.endIndex
                result += Self.placeholder
                rest = rest[end...]
            }
        }
        return result + rest
    }

    /// Whether a JSON member or a header-dump line with this name holds a secret: a secret query
    /// parameter or header field name, compared without regard to case.
    private func isSecretKey(_ name: Substring) -> Bool {
        let lowercased = name.lowercased()
        return queryNames.contains { $0.lowercased() == lowercased }
            || Self.alwaysRedactedHeaderNames.contains { $0.canonicalName == lowercased }
            || headerNames.contains { $0.canonicalName == lowercased }
    }

    /// Replaces the rest of every line that starts (after white space) with `Name:` for a secret
    /// name, as in a dump of header fields.
    private func redactHeaderLines(in text: String) -> String {
        guard text.contains(":") else { return text }
        var changed = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let start = line.firstIndex(where: { !$0.isWhitespace }) ?? line.endIndex
            guard let colon = line[start...].firstIndex(of: ":"), colon > start,
                !line[start..<colon].contains(where: { $0.isWhitespace || $0 == "\"" }),
                isSecretKey(line[start..<colon]),
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) != Self.placeholder
            else { return line }
            changed = true
            return line[...colon] + " " + Self.placeholder
        }
        return changed ? lines.joined(separator: "\n") : text
    }

    /// Replaces the value of every JSON member with a secret name, up to its closing quote (or
    /// the end of a truncated text); non-string values up to the next `,`, `}` or `]`.
    private func redactJSONValues(in text: String) -> String {
        guard text.contains("\"") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "\"") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "\"") else { break }
            let name = rest[afterOpen..<close]
            var cursor = rest.index(after: close)
            while cursor < rest.endIndex, rest[cursor] == " " { cursor = rest.index(after: cursor) }
            guard cursor < rest.endIndex, rest[cursor] == ":", isSecretKey(name) else {
                result += rest[...close]
                rest = rest[rest.index(after: close)...]
                continue
            }
            cursor = rest.index(after: cursor)
            while cursor < rest.endIndex, rest[cursor] == " " { cursor = rest.index(after: cursor) }
            result += rest[..<cursor]
            rest = rest[cursor...]
            if rest.first == "\"" {
                var end = rest.index(after: rest.startIndex)
                while end < rest.endIndex, rest[end] != "\"" {
                    end =
                        rest[end] == "\\" && rest.index(after: end) < rest.endIndex
                        ? rest.index(end, offsetBy: 2) : rest.index(after: end)
                }
                result += "\"" + Self.placeholder + (end < rest.endIndex ? "\"" : "")
                rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[rest.endIndex...]
            } else {
                let end =
                    rest.firstIndex(where: { $0 == "," || $0 == "}" || $0 == "]" || $0.isWhitespace }) ?? rest.endIndex
                result += Self.placeholder
                rest = rest[end...]
            }
        }
        return result + rest
    }

    /// Removes `user:password@` from every URL in `text`.
    private static func strippingURLUserInfo(in text: String) -> String {
        guard text.contains("@") else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "://") {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let end =
                rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" || $0.isWhitespace }) ?? rest.endIndex
            result += strippingUserInfo(String(rest[..<end]))
            rest = rest[end...]
        }
        return result + rest
    }

    private static func strippingUserInfo(_ authority: String) -> String {
        guard let at = authority.lastIndex(of: "@") else { return authority }
        return String(authority[authority.index(after: at)...])
    }
}
