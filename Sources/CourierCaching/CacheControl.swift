import CourierCore
import HTTPTypes

/// The directives of `Cache-Control` fields (RFC 9111, section 5.2), request's or response's.
///
/// Names are case-insensitive; a directive repeated keeps its first value; an argument may be a
/// token or a quoted string; a malformed `max-age` is treated as absent, except that a response's
/// unparseable `max-age` makes it stale (section 4.2.1's advice for invalid freshness).
struct CacheControl: Sendable {
    private var directives: [String: String?] = [:]

    init(_ fields: HTTPFields) {
        self.init(fields[values: .cacheControl].joined(separator: ","))
    }

    init(_ text: String) {
        for part in Self.split(text) {
            let pieces = part.pieces(separatedBy: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
            guard let name = pieces.first?.lowercased(), !name.isEmpty, directives[name] == nil else { continue }
            var argument = pieces.count > 1 ? pieces[1] : nil
            if let quoted = argument, quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") {
                argument = String(quoted.dropFirst().dropLast())
            }
            directives[name] = .some(argument)
        }
    }

    /// Whether a directive is present, with or without an argument.
    func has(_ name: String) -> Bool {
        directives[name] != nil
    }

    /// A directive's argument as seconds (delta-seconds); `nil` when absent or not a number.
    func seconds(_ name: String) -> Int? {
        guard case .some(.some(let argument)) = directives[name] else { return nil }
        guard !argument.isEmpty, argument.allSatisfy(\.isASCII), argument.allSatisfy(\.isNumber) else { return nil }
        return Int(argument) ?? Int.max  // an overflowing value means "a very long time"
    }

    /// Whether a directive is present with an argument that is not delta-seconds.
    func isMalformed(_ name: String) -> Bool {
        has(name) && seconds(name) == nil
    }

    var noStore: Bool { has("no-store") }
    /// `no-cache` (a response's field-list form, `no-cache="Set-Cookie"`, is treated as bare).
    var noCache: Bool { has("no-cache") }
    var mustRevalidate: Bool { has("must-revalidate") }
    var isPrivate: Bool { has("private") }
    var isPublic: Bool { has("public") }
    var maxAge: Int? { seconds("max-age") }
    var onlyIfCached: Bool { has("only-if-cached") }
    /// `stale-if-error` (RFC 5861): how long past its freshness a response may stand in for an error.
    var staleIfError: Int? { seconds("stale-if-error") }

    /// Splits on commas outside quoted strings, in which a backslash escapes the next character
    /// (a quoted pair, RFC 9110 section 5.6.4), a quote included.
    private static func split(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            }
            if character == ",", !quoted {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
