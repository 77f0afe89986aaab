import Foundation

/// The values a cassette knows to be secret, each with the name it went by: replaced wherever
/// else they appear in the cassette, as VCR's value filters do. A session cookie's value hidden
/// in `Cookie` and `Set-Cookie` by its name is hidden too where the server echoes it in a body
/// or the app writes it in a URL.
///
/// A value is learned where ``CassetteSecrets`` hides one by name: the credentials of
/// `Authorization` and `Proxy-Authorization`, each cookie's value, a secret header field's, a
/// secret query parameter's, a secret JSON member's or form field's. Elsewhere it becomes
/// `<redacted:NAME>`, NAME being the cookie's, field's, parameter's or member's name, which a
/// replay fills from its `placeholders` like the placeholders hidden by name.
///
/// A value shorter than ``minimumLength`` characters is hidden only where it is named: a secret
/// `1` or `true` must not replace every `1` of the bodies.
struct SecretValues: Sendable {
    /// The shortest value replaced wherever it appears.
    static let minimumLength = 6

    /// The name each value went by first, by value.
    private(set) var names: [String: String] = [:]
    /// Each value's spellings (as it is, percent-encoded, JSON-escaped) and its placeholder,
    /// longest first, so that a value inside another is never replaced first.
    private(set) var spellings: [(text: Data, placeholder: Data)] = []

    /// How many values are known.
    var count: Int { names.count }

    /// The placeholder for a value that went by `name`.
    static func placeholder(_ name: String) -> String {
        "<redacted:\(name)>"
    }

    /// Whether `live` is `recorded` with any text where `recorded` has a placeholder: the value
    /// a cassette hid in a path segment or a query parameter (`session=<redacted:session>`).
    static func answers(_ recorded: Substring, _ live: Substring) -> Bool {
        guard recorded.contains("<redacted") else { return recorded == live }
        var pieces: [Substring] = []
        var rest = recorded
        while let open = rest.range(of: "<redacted"), let close = rest[open.upperBound...].firstIndex(of: ">"),
            rest[open.upperBound..<close].isEmpty || rest[open.upperBound] == ":"
        {
            pieces.append(rest[..<open.lowerBound])
            rest = rest[rest.index(after: close)...]
        }
        pieces.append(rest)
        guard pieces.count > 1 else { return recorded == live }
        guard let first = pieces.first, let last = pieces.last, live.hasPrefix(first) else { return false }
        var remaining = live.dropFirst(first.count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = remaining.range(of: piece) else { return false }
            remaining = remaining[found.upperBound...]
        }
        return remaining.hasSuffix(last)
    }

    /// Learns `value`, which went by `name`; a short value, a placeholder or one known already
    /// is left out.
    mutating func insert(_ value: String, name: String) {
        guard value.count >= Self.minimumLength, !value.contains("<redacted"), names[value] == nil else { return }
        names[value] = name
        let placeholder = Data(Self.placeholder(name).utf8)
        let escaped = String(JSONMembers.quoted(value).dropFirst().dropLast())
        let queryEncoded = value.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? value
        let forms = [
            value, FormText.encode(value), queryEncoded, escaped, escaped.replacingOccurrences(of: "\\/", with: "/"),
        ]
        for form in Set(forms) { spellings.append((Data(form.utf8), placeholder)) }
        spellings.sort { $0.text.count > $1.text.count }
    }

    /// Learns each of `values`.
    mutating func insert(_ values: [(name: String, value: String)]) {
        for (name, value) in values { insert(value, name: name) }
    }

    /// `text` with every known value replaced by its placeholder.
    func scrub(_ text: String) -> String {
        guard !spellings.isEmpty else { return text }
        return String(decoding: Self.replacing(spellings, in: Data(text.utf8), chunks: nil).0, as: UTF8.self)
    }

    /// `data` with every known value replaced by its placeholder, the lengths of its chunks moved
    /// with the text.
    func scrub(_ data: Data, chunks: [Int]?) -> (Data, [Int]?) {
        guard !spellings.isEmpty else { return (data, chunks) }
        return Self.replacing(spellings, in: data, chunks: chunks)
    }

    /// `data` with the named placeholders whose values `placeholders` gives (by lowercased name)
    /// filled, as they are, and the lengths of its chunks moved with the text.
    static func filling(_ data: Data, chunks: [Int]?, from placeholders: [String: String]) -> (Data, [Int]?) {
        guard data.range(of: Data("<redacted:".utf8)) != nil else { return (data, chunks) }
        let pairs = placeholders.map { (text: Data(placeholder($0.key).utf8), placeholder: Data($0.value.utf8)) }
        return replacing(pairs, in: data, chunks: chunks, ignoringCase: true)
    }

    /// `text` with the named placeholders whose values `placeholders` gives filled.
    static func filling(_ text: String, from placeholders: [String: String]) -> String {
        guard text.contains("<redacted:") else { return text }
        return String(decoding: filling(Data(text.utf8), chunks: nil, from: placeholders).0, as: UTF8.self)
    }

    /// `data` with each occurrence of a pattern replaced (the first pattern that matches at a
    /// place wins), and chunk lengths moved with the text: a boundary inside a replaced
    /// occurrence moves to its end.
    static func replacing(
        _ pairs: [(text: Data, placeholder: Data)], in data: Data, chunks: [Int]?, ignoringCase: Bool = false
    ) -> (Data, [Int]?) {
        let bytes = [UInt8](data)
        let patterns = pairs.map { ([UInt8]($0.text), $0.placeholder) }.filter { !$0.0.isEmpty }
        let fold = { (byte: UInt8) in ignoringCase && (65...90).contains(byte) ? byte + 32 : byte }
        var output = Data()
        var matches: [(start: Int, end: Int, shift: Int)] = []
        var index = 0
        var copied = 0
        while index < bytes.count {
            let found = patterns.first { pattern, _ in
                index + pattern.count <= bytes.count
                    && pattern.indices.allSatisfy { fold(bytes[index + $0]) == fold(pattern[$0]) }
            }
            guard let found else {
                index += 1
                continue
            }
            let (pattern, replacement) = found
            output.append(contentsOf: bytes[copied..<index])
            output.append(replacement)
            matches.append((index, index + pattern.count, replacement.count - pattern.count))
            index += pattern.count
            copied = index
        }
        guard !matches.isEmpty else { return (data, chunks) }
        output.append(contentsOf: bytes[copied...])
        return (output, chunks.map { moved($0, through: matches) })
    }

    private static func moved(_ chunks: [Int], through matches: [(start: Int, end: Int, shift: Int)]) -> [Int] {
        var sizes: [Int] = []
        var offset = 0
        var previous = 0
        for size in chunks {
            offset += size
            var boundary = offset
            for match in matches where match.start < offset {
                boundary += match.shift
                if offset < match.end { boundary += match.end - offset }
            }
            sizes.append(max(0, boundary - previous))
            previous = max(previous, boundary)
        }
        return sizes
    }
}
