import Courier
import Testing

@testable import CourierCore

/// The one-pass join of the usual path must agree with the full rules whenever it answers, and
/// must leave every path the rules refuse or encode to them.
@Suite("PlainPath")
struct PlainPathTests {
    static let bases = ["", "/", "/v1", "/v1/", "/a%20b/"]

    /// What the full rules make of a path: the joined path, or `nil` when they refuse it.
    static func fullRules(_ base: String, _ path: String) -> String? {
        try? RequestBuilder.join(base, RequestBuilder.checkedPath(path))
    }

    @Test(arguments: [
        "/", "/users", "/users/42", "/users/42/", "/a:b@c", "/!$&'()*+,;=", "/-._~", "/a/.b", "/a/b..",
        "/...", "/a/.../b", "/list.json", "/v2/items;page=2",
    ])
    func aPlainPathIsJoinedAsTheRulesJoinIt(path: String) throws {
        for base in Self.bases {
            let joined = try #require(PlainPath.joined(base, path), "\(path) is plain")
            #expect(joined == Self.fullRules(base, path), "\(base) + \(path)")
        }
    }

    @Test(arguments: [
        "", "users", "./users", "//evil.example", "/\\evil", "/a/../b", "/a/./b", "/.", "/..", "/a/..",
        "/a b", "/caf\u{E9}", "/a%2e%2e/b", "/a%20b", "/a?b=1", "/a#top", "http://x", "/a\\b",
    ])
    func anyOtherPathGoesThroughTheFullRules(path: String) {
        for base in Self.bases { #expect(PlainPath.joined(base, path) == nil, "\(path)") }
    }

    /// Every short path over an alphabet of the bytes the rules care about: where the one pass
    /// answers, the rules agree; where the rules refuse, it does not answer.
    @Test func agreesWithTheFullRulesOnEveryShortPath() {
        let alphabet: [Character] = ["/", ".", "a", "%", "2", "e", ":", "?", "\\", " "]
        var paths = [""]
        var frontier = [""]
        for _ in 0..<5 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + String($0) } }
            paths += frontier
        }
        var answered = 0
        for path in paths {
            for base in ["", "/v1/"] {
                let full = Self.fullRules(base, path)
                guard let plain = PlainPath.joined(base, path) else { continue }
                answered += 1
                #expect(plain == full, "\(base) + \(path)")
            }
        }
        #expect(paths.count == 111_111)
        #expect(answered > 1_000)  // the one pass is exercised, not only declined
    }
}
