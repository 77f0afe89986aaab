import Courier
import HTTPTypes
import Testing

@testable import CourierCaching
@testable import CourierCore

/// `CacheControl`: any text parses without trapping, and directives written by RFC 9111's grammar
/// (section 5.2) parse to what was written, in one field line or several.
@Suite("Properties: Cache-Control")
struct CacheControlProperties {
    /// One directive as written, and the seconds its argument stands for.
    struct Directive {
        var name: String
        var text: String
        var seconds: Int?
    }

    static let names = ["max-age", "no-cache", "no-store", "private", "stale-if-error", "public", "x-ext"]

    @Test func anyTextParses() async throws {
        await property("any text parses", cases: 3000) { random in
            let text = random.text(0...40, from: Array("max-age=1, \"\\;\t=,é".unicodeScalars) + ["\0", "\u{301}"])
            let control = CacheControl(text)
            for name in Self.names {
                try #require((control.seconds(name) ?? 0) >= 0)
                try #require(control.isMalformed(name) == (control.has(name) && control.seconds(name) == nil))
            }
        }
    }

    @Test func wellFormedDirectivesParseToWhatWasWritten() async throws {
        await property("well-formed directives parse to what was written", cases: 3000) { random in
            let directives = (0..<random.int(0...6)).map { _ in random.cacheDirective(names: Self.names) }
            // Commas with optional whitespace around them, and now and then an empty element.
            var text = ""
            for (index, directive) in directives.enumerated() {
                if index > 0 { text += random.whitespace() + random.pick([",", ",", ", ,"]) + random.whitespace() }
                text += directive.text
            }
            // The same directives in one field line, or in as many as there are directives.
            var fields = HTTPFields()
            for directive in directives { fields.append(HTTPField(name: .cacheControl, value: directive.text)) }
            for control in [CacheControl(text), CacheControl(fields)] {
                for name in Self.names {
                    let first = directives.first { $0.name.lowercased() == name }
                    try #require(control.has(name) == (first != nil), "\(name) in \(text)")
                    try #require(control.seconds(name) == first?.seconds, "\(name) in \(text)")
                }
            }
        }
    }
}

extension Seeded {
    /// A directive: a name in any case, alone or with a token or quoted-string argument; a number
    /// now and then, some too large for an `Int`; quoted strings with commas, semicolons, equals
    /// signs, spaces and quoted pairs (`\"`, `\\`).
    mutating func cacheDirective(names: [String]) -> CacheControlProperties.Directive {
        let name = randomCase(pick(names))
        let digits = text(1...22, from: Array("0123456789".unicodeScalars))
        let seconds = Int(digits) ?? .max
        switch int(0...5) {
        case 0:
            return .init(name: name, text: name, seconds: nil)
        case 1:
            return .init(name: name, text: name + "=" + digits, seconds: seconds)
        case 2:
            return .init(name: name, text: name + "=\"" + digits + "\"", seconds: seconds)
        case 3:
            return .init(name: name, text: name + "=x" + token(), seconds: nil)
        default:
            let alphabet = Array(" \t,;=abcé!#".unicodeScalars)
            let content = (0..<int(0...6)).map { _ in
                chance(0.2) ? "\\" + pick(["\"", "\\", "a"]) : text(1...3, from: alphabet)
            }
            return .init(name: name, text: name + "=\"" + content.joined() + "\"", seconds: nil)
        }
    }
}
