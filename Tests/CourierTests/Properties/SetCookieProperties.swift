import Courier
import Foundation
import Testing

@testable import CourierCore

/// `Cookie(setCookie:from:now:)`: any value parses without trapping into nothing or a cookie the
/// URL's host may set, and well-formed values parse to what RFC 6265's algorithm keeps.
@Suite("Properties: Set-Cookie")
struct SetCookieProperties {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anyValueParsesToNothingOrACookieTheHostMaySet() async throws {
        await property("any value parses to nothing or a cookie the host may set", cases: 3000) { random in
            let pieces = ["a=b", ";", " ", "=", "Domain", "Path", "/", ".", "Max-Age", "-1", "Secure", "\"", "é"]
            let header = (0..<random.int(0...12)).map { _ in
                random.chance(0.2) ? random.text(1...3) : random.pick(pieces)
            }
            let host = random.hostName()
            let url = URL(string: "https://\(host)\(random.urlPath())")!
            guard let cookie = Cookie(setCookie: header.joined(), from: url, now: Self.now) else { return }
            try #require(!cookie.name.isEmpty)
            try #require(cookie.domain == cookie.domain.lowercased())
            try #require(cookie.domain == host || (!cookie.hostOnly && host.hasSuffix("." + cookie.domain)))
            try #require(cookie.path.hasPrefix("/"))
        }
    }

    @Test func wellFormedValuesParseToWhatTheAlgorithmKeeps() async throws {
        await property("well-formed values parse to what the algorithm keeps", cases: 3000) { random in
            let generated = random.setCookie(now: Self.now)
            let cookie = Cookie(setCookie: generated.header, from: generated.url, now: Self.now)
            let parsed = cookie.map {
                GeneratedCookie.Expected(
                    name: $0.name, value: $0.value, domain: $0.domain, hostOnly: $0.hostOnly, path: $0.path,
                    secure: $0.secure, expires: $0.expires)
            }
            try #require(parsed == generated.expected, "\(generated.header) from \(generated.url)")
        }
    }
}
