import Foundation

/// One cookie as a ``CookieJar`` keeps it (RFC 6265, section 5.3).
struct Cookie: Sendable, Equatable {
    var name: String
    var value: String
    /// The host (``hostOnly``) or the domain it is sent to, lowercased.
    var domain: String
    var hostOnly: Bool
    var path: String
    var secure: Bool
    var expires: Date?
    var created: Date

    /// Parses a `Set-Cookie` value received from `url`, following RFC 6265's algorithm
    /// (section 5.2), or returns `nil` for a cookie the algorithm ignores.
    init?(setCookie header: String, from url: URL, now: Date) {
        guard let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return nil }
        name = pair[..<equals].trimmingCharacters(in: .whitespaces)
        value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        created = now
        domain = host
        hostOnly = true
        path = Self.defaultPath(of: url.path(percentEncoded: true))
        secure = false
        var maxAge: Int?
        var domainAttribute: String?
        for attribute in parts.dropFirst() {
            let (key, rawValue) = Self.split(attribute)
            switch key.lowercased() {
            case "expires":
                if let date = HTTPDate.parse(rawValue) { expires = date }
            case "max-age":
                // RFC 6265, 5.2.2: a digit or "-", then digits only; anything else is ignored.
                guard let first = rawValue.first, first == "-" || ("0"..."9").contains(first),
                    let seconds = Int(rawValue)
                else { continue }
                maxAge = seconds
            case "domain":
                var value = rawValue.lowercased()
                if value.hasPrefix(".") { value.removeFirst() }
                guard !value.isEmpty else { continue }
                domainAttribute = value  // the last one counts (RFC 6265, 5.3 step 4)
            case "path":
                path = rawValue.hasPrefix("/") ? rawValue : Self.defaultPath(of: url.path(percentEncoded: true))
            case "secure":
                secure = true
            default:
                continue  // HttpOnly, SameSite and the rest mean nothing to an API client
            }
        }
        if let value = domainAttribute {
            guard Self.domainMatches(host: host, domain: value) else { return nil }
            // Without a public suffix list: a single-label domain (`com`) only for the host itself.
            guard value.contains(".") || value == host else { return nil }
            domain = value
            hostOnly = false
        }
        if let maxAge {  // Max-Age wins over Expires
            expires = now.addingTimeInterval(TimeInterval(max(maxAge, 0)))
        }
    }

    /// Whether the cookie goes with a request to `url`.
    func matches(_ url: URL, now: Date) -> Bool {
        guard let host = url.host?.lowercased(), !isExpired(now: now) else { return false }
        guard hostOnly ? host == domain : Self.domainMatches(host: host, domain: domain) else { return false }
        guard !secure || url.scheme?.lowercased() == "https" else { return false }
        // Paths compare as the URL writes them, percent-encoded, as a `Path` attribute does.
        let requestPath = url.path(percentEncoded: true)
        return Self.pathMatches(requestPath: requestPath.isEmpty ? "/" : requestPath, cookiePath: path)
    }

    func isExpired(now: Date) -> Bool {
        expires.map { $0 <= now } ?? false
    }

    private static func split(_ attribute: Substring) -> (String, String) {
        guard let equals = attribute.firstIndex(of: "=") else {
            return (attribute.trimmingCharacters(in: .whitespaces), "")
        }
        return (
            attribute[..<equals].trimmingCharacters(in: .whitespaces),
            attribute[attribute.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        )
    }

    /// RFC 6265, section 5.1.4: the directory of the request's path.
    static func defaultPath(of path: String) -> String {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// RFC 6265, section 5.1.3.
    static func domainMatches(host: String, domain: String) -> Bool {
        if host == domain { return true }
        let isAddress = host.allSatisfy { $0.isNumber || $0 == "." } || host.contains(":")
        return !isAddress && host.hasSuffix("." + domain)
    }

    /// RFC 6265, section 5.1.4, byte by byte: a `/` followed by a combining mark is still a `/`.
    static func pathMatches(requestPath: String, cookiePath: String) -> Bool {
        let (request, cookie) = (requestPath.utf8, cookiePath.utf8)
        guard request.starts(with: cookie) else { return false }
        let slash = UInt8(ascii: "/")
        return request.count == cookie.count || cookie.last == slash || request.dropFirst(cookie.count).first == slash
    }
}
