import Courier
import Foundation
import Testing

@testable import CourierCore

/// Where a cookie goes (RFC 6265, sections 5.1.3, 5.1.4 and 5.4): by domain, by path, and through
/// a `CookieJar`, from the URLs a client sends requests to.
@Suite("Properties: cookie matching")
struct CookieMatchingProperties {
    @Test func aPathMatchesItselfAndWhatIsBelowItOnly() async throws {
        await property("a path matches itself and its sub-paths after a '/', no sibling", cases: 3000) { random in
            let path = "/" + random.text(0...6)
            let below = random.text(0...6)
            try #require(Cookie.pathMatches(requestPath: path, cookiePath: path))
            try #require(Cookie.pathMatches(requestPath: path + "/" + below, cookiePath: path), "\(path)/\(below)")
            if path.utf8.last != UInt8(ascii: "/"), let first = below.utf8.first, first != UInt8(ascii: "/") {
                try #require(!Cookie.pathMatches(requestPath: path + below, cookiePath: path), "\(path)\(below)")
            }
            let other = "/" + random.text(0...6)
            if !other.utf8.starts(with: path.utf8) {
                try #require(!Cookie.pathMatches(requestPath: other, cookiePath: path), "\(other) under \(path)")
            }
        }
    }

    @Test func aHostMatchesItselfAndItsParentDomainsOnly() async throws {
        await property("a host matches itself and its parent domains only", cases: 3000) { random in
            let domain = random.hostName()
            let label = random.text(1...5, from: Array("abcxyz019-".unicodeScalars))
            try #require(Cookie.domainMatches(host: domain, domain: domain))
            try #require(Cookie.domainMatches(host: label + "." + domain, domain: domain))
            try #require(!Cookie.domainMatches(host: label + domain, domain: domain))
            try #require(!Cookie.domainMatches(host: domain, domain: label + "." + domain))
            // An address matches itself only.
            let address = (0..<4).map { _ in String(random.int(0...255)) }.joined(separator: ".")
            try #require(Cookie.domainMatches(host: address, domain: address))
            try #require(!Cookie.domainMatches(host: address, domain: String(address.drop { $0 != "." }.dropFirst())))
        }
    }

    /// A cookie set with `Path=P` from a URL under `P` goes back with requests to `P` and below
    /// it, on its host (and, with `Domain`, on the hosts under it) and nowhere else.
    @Test func aStoredCookieGoesWhereItsDomainAndPathSay() async throws {
        await property("a stored cookie goes where its domain and path say", cases: 2000) { random in
            let host = random.hostName()
            let path = "/" + PercentEncoding.encodeComponent(random.text(1...5)) + random.urlPath()
            let withDomain = random.chance(0.5)
            let jar = CookieJar(now: { Date(timeIntervalSince1970: 1_800_000_000) })
            let attributes = "; Path=\(path)" + (withDomain ? "; Domain=\(host)" : "")
            jar.store(["c=1" + attributes], from: URL(string: "https://\(host)\(path)/set")!)
            let below = random.urlPath()
            let goes = { (url: String) in jar.cookieHeader(for: URL(string: url)!) == "c=1" }
            try #require(goes("https://\(host)\(path)"), "\(path)")
            try #require(goes("https://\(host)\(path)\(below)"), "\(path)\(below)")
            try #require(goes("https://\(host)\(path)x") == path.hasSuffix("/"))
            try #require(!goes("https://other\(host)\(path)"))
            try #require(goes("https://sub.\(host)\(path)") == withDomain)
        }
    }
}
