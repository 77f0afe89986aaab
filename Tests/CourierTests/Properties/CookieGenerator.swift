import Courier
import Foundation

@testable import CourierCore

/// A `Set-Cookie` value, the URL it came from, and the cookie RFC 6265's algorithm (section 5.2
/// and 5.3) keeps from it, worked out independently of `Cookie`.
struct GeneratedCookie {
    var header: String
    var url: URL
    /// The URL's host, lowercased.
    var host: String
    /// `nil` when the algorithm ignores the cookie.
    var expected: Expected?

    struct Expected: Equatable {
        var name: String
        var value: String
        var domain: String
        var hostOnly: Bool
        var path: String
        var secure: Bool
        var expires: Date?
    }
}

extension Seeded {
    /// A host name of two to four labels.
    mutating func hostName() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-".unicodeScalars)
        return (0..<int(2...4)).map { _ in "a" + text(0...6, from: alphabet) }.joined(separator: ".")
    }

    /// A URL path as a URL writes it: segments of any text, percent-encoded.
    mutating func urlPath() -> String {
        (0..<int(0...4)).map { _ in "/" + PercentEncoding.encodeComponent(text(0...5)) }.joined()
    }

    /// A well-formed `Set-Cookie` value with its attributes in any order and case: `Path`
    /// (sometimes not absolute), `Domain` (the host, a parent, a public suffix or a stranger,
    /// with or without a leading dot), `Max-Age`, `Expires`, `Secure`, `HttpOnly`, `SameSite`.
    mutating func setCookie(now: Date) -> GeneratedCookie {
        let host = hostName()
        let path = urlPath()
        let url = URL(string: "https://" + randomCase(host) + path)!
        let name = token()
        let octets = Array("abcXYZ019!#$%&'()*+-./:<=>?@[]^_`{|}~".unicodeScalars)
        let value = chance(0.2) ? "\"" + text(0...6, from: octets) + "\"" : text(0...8, from: octets)
        var expected = GeneratedCookie.Expected(
            name: name, value: value, domain: host, hostOnly: true, path: Self.defaultPath(path), secure: false)
        var attributes: [String] = []
        var maxAge: Int?
        var rejected = false
        // Each attribute at most once (section 4.1.1), in any order.
        for kind in (0...6).filter({ _ in chance(0.4) }).shuffled(using: &self) {
            switch kind {
            case 0:
                let absolute = chance(0.8)
                let attribute = absolute ? urlPath() : "x" + token()
                expected.path = absolute && !attribute.isEmpty ? attribute : Self.defaultPath(path)
                attributes.append(randomCase("path") + "=" + attribute)
            case 1:
                let labels = host.split(separator: ".")
                let suffix = labels.suffix(int(1...labels.count)).joined(separator: ".")
                let domain = chance(0.1) ? "stranger.example" : suffix
                attributes.append(randomCase("domain") + "=" + (chance(0.3) ? "." : "") + randomCase(domain))
                if (host != domain && !host.hasSuffix("." + domain)) || (!domain.contains(".") && domain != host) {
                    rejected = true
                }
                (expected.domain, expected.hostOnly) = (domain, false)
            case 2:
                maxAge = int(-100...100_000)
                attributes.append(randomCase("max-age") + "=\(maxAge!)")
            case 3:
                let date = CivilDate(secondsSince1970: int(0...4_102_444_800))
                if maxAge == nil { expected.expires = Date(timeIntervalSince1970: TimeInterval(date.secondsSince1970)) }
                attributes.append(randomCase("expires") + "=" + date.imfFixdate)
            case 4:
                expected.secure = true
                attributes.append(randomCase("secure"))
            case 5:
                attributes.append(randomCase("httponly"))
            default:
                attributes.append(pick(["SameSite=Lax", "samesite=None", "Partitioned", "Foo=bar"]))
            }
        }
        if let maxAge { expected.expires = now.addingTimeInterval(TimeInterval(max(0, maxAge))) }
        var header = name + "=" + value
        for attribute in attributes { header += whitespace() + ";" + whitespace() + attribute }
        return GeneratedCookie(header: header, url: url, host: host, expected: rejected ? nil : expected)
    }

    /// RFC 6265, section 5.1.4.
    private static func defaultPath(_ path: String) -> String {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
