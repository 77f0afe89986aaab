extension Redaction {
    /// `value`, a query parameter's value as it is spelled in a URL, with the secrets of a query
    /// nested in it replaced: a return URL (`next=%2Fpage%3Ftoken%3D…`), an OAuth `redirect_uri`.
    ///
    /// A value is looked into when, percent-decoded once, it is a URL (`scheme:/…`), a path
    /// (`/…`) or a query (`?…`) with a query or a fragment; each parameter there with a secret
    /// name has its value replaced, and each other parameter's value is looked into the same way,
    /// so a return URL inside a return URL is redacted too. Only the secret's own characters change:
    /// the rest of `value` keeps its spelling, so it stays the same valid percent-encoding, and
    /// the placeholder, which has no `%`, decodes to itself at every depth. A value that is not a
    /// URL (a search for `what?token=x`) is left as it is.
    ///
    /// - Parameter value: The value, percent-encoded as in the URL.
    /// - Returns: The value with the nested secrets replaced.
    package func redactNestedQuery(in value: Substring) -> String {
        guard value.contains(where: { $0 == "%" || $0 == "?" }) else { return String(value) }
        let bytes = Array(value.utf8)
        let spelled = bytes.indices.map { Spelled(byte: bytes[$0], source: $0..<$0 + 1) }
        let secrets = secretRanges(nestedIn: spelled[...], depth: 0)
        guard !secrets.isEmpty else { return String(value) }
        var result = [UInt8]()
        result.reserveCapacity(bytes.count)
        var cursor = 0
        for secret in secrets.compactlySorted(by: { $0.lowerBound < $1.lowerBound }) where secret.lowerBound >= cursor {
            result += bytes[cursor..<secret.lowerBound]
            result += Self.placeholder.utf8
            cursor = secret.upperBound
        }
        result += bytes[cursor...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Applies ``redactNestedQuery(in:)`` to the value of every `name=value` pair in free text, a
    /// value ending at `&`, a quote or white space.
    func redactNestedQueries(in text: String) -> String {
        guard text.contains("="), text.contains(where: { $0 == "%" || $0 == "?" }) else { return text }
        var result = ""
        var rest = Substring(text)
        while let equals = rest.firstIndex(of: "=") {
            result += rest[...equals]
            rest = rest[rest.index(after: equals)...]
            let end =
                rest.firstIndex(where: { $0 == "&" || $0 == "\"" || $0 == "'" || $0.isWhitespace }) ?? rest.endIndex
            result += redactNestedQuery(in: rest[..<end])
            rest = rest[end...]
        }
        return result + rest
    }

    /// How many URLs deep a value is looked into (a return URL in a return URL is two): each
    /// depth decodes the value once more, so the depth bounds the work a crafted URL can cause.
    private static let maximumDepth = 4

    /// The ranges, in the original spelling, of the secret values of the query nested in `value`
    /// once it is decoded one more time.
    private func secretRanges(nestedIn value: ArraySlice<Spelled>, depth: Int) -> [Range<Int>] {
        guard depth < Self.maximumDepth else { return [] }
        let decoded = Self.decodingOnce(value)
        guard Self.isURL(decoded), let start = decoded.firstIndex(where: { Self.startsParameters($0.byte) })
        else { return [] }
        var ranges: [Range<Int>] = []
        let parameters = decoded[(start + 1)...]
        for pair in parameters.split(whereSeparator: Self.separatesParameters) {
            guard let equals = pair.firstIndex(where: { $0.byte == UInt8(ascii: "=") }) else { continue }
            let name = String(decoding: pair[..<equals].map(\.byte), as: UTF8.self)
            let nested = pair[(equals + 1)...]
            if isSecretQueryName(Substring(name)) {
                if let first = nested.first, let last = nested.last {
                    ranges.append(first.source.lowerBound..<last.source.upperBound)
                }
            } else {
                ranges += secretRanges(nestedIn: nested, depth: depth + 1)
            }
        }
        return ranges
    }

    /// Whether `byte` starts a URL's query (`?`) or its fragment (`#`), which OAuth's implicit flow
    /// fills with parameters (`#access_token=…`).
    private static func startsParameters(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// Whether a byte ends a parameter: `&`, or the `#` of a fragment after a query.
    private static func separatesParameters(_ spelled: Spelled) -> Bool {
        spelled.byte == UInt8(ascii: "&") || startsParameters(spelled.byte)
    }

    /// Whether decoded text is a URL, a path or a query: it starts with `/` or `?`, or with a
    /// scheme (a letter, then letters, digits, `+`, `-` or `.`) and `:/`.
    private static func isURL(_ text: [Spelled]) -> Bool {
        guard let first = text.first?.byte else { return false }
        if first == UInt8(ascii: "/") || first == UInt8(ascii: "?") { return true }
        guard isLetter(first), let colon = text.firstIndex(where: { $0.byte == UInt8(ascii: ":") }),
            text[1..<colon].allSatisfy({
                isLetter($0.byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0.byte)
                    || "+-.".utf8.contains($0.byte)
            })
        else { return false }
        return colon + 1 < text.count && text[colon + 1].byte == UInt8(ascii: "/")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// `text` with its `%XX` escapes decoded, each decoded byte spelled by the escape's characters;
    /// an invalid escape is kept as it is.
    private static func decodingOnce(_ text: ArraySlice<Spelled>) -> [Spelled] {
        let text = Array(text)
        var result: [Spelled] = []
        result.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            if text[index].byte == UInt8(ascii: "%"), index + 2 < text.count,
                let high = PercentEncoding.hexValue(text[index + 1].byte),
                let low = PercentEncoding.hexValue(text[index + 2].byte)
            {
                let source = text[index].source.lowerBound..<text[index + 2].source.upperBound
                result.append(Spelled(byte: high << 4 | low, source: source))
                index += 3
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return result
    }
}

/// A byte of a value decoded some number of times, and where in the value as written (its UTF-8
/// offsets) the characters that spell it are.
private struct Spelled {
    var byte: UInt8
    var source: Range<Int>
}
