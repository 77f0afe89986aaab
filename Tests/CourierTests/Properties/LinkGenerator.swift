extension Seeded {
    /// Characters of a URI reference (RFC 3986), all but letters and digits among them.
    private static let uriCharacters = Array(
        "abcxyzABC0189-._~:/?#[]@!$&'()*+,;=%".unicodeScalars)

    private static let relationTypes = ["next", "prev", "last", "first", "NEXT", "Next", "alternate", "x-y"]

    /// A link value: `<target>` and parameters separated by `;` with optional whitespace, a `rel`
    /// of one or more types (quoted, or a token when it is one), and other parameters with token,
    /// quoted-string (commas, semicolons, angle brackets and quoted pairs in it) or no values,
    /// with optional whitespace around `=`, and now and then a second `rel`, which must be ignored.
    mutating func link() -> LinkHeaderProperties.Link {
        let target = chance(0.1) ? "" : text(1...20, from: Self.uriCharacters)
        var relations: [String] = []
        var parameters: [String] = []
        if chance(0.8) {
            let types = (0..<int(1...3)).map { _ in pick(Self.relationTypes) }
            relations = types.map { $0.lowercased() }
            let value =
                types.count == 1 && chance(0.5)
                ? types[0]
                : "\"" + types.joined(separator: String(repeating: " ", count: int(1...2))) + "\""
            parameters.append(randomCase("rel") + whitespace() + "=" + whitespace() + value)
        }
        for _ in 0..<int(0...3) {
            parameters.insert(linkParameter(), at: int(0...parameters.count))
        }
        // A second `rel`, after the first, is ignored (RFC 8288, 3.3).
        if let first = parameters.firstIndex(where: { $0.lowercased().hasPrefix("rel") }), chance(0.3) {
            parameters.insert(
                "rel=\"" + pick(Self.relationTypes) + " ignored\"", at: int((first + 1)...parameters.count))
        }
        let text = parameters.map { whitespace() + ";" + whitespace() + $0 }.joined()
        return .init(target: target, relations: relations, text: "<" + target + ">" + text)
    }

    private mutating func linkParameter() -> String {
        let name = pick(["title", "type", "anchor", "hreflang", "title*", "crossorigin"])
        switch int(0...3) {
        case 0:
            return name
        case 1:
            return name + whitespace() + "=" + whitespace() + token()
        default:
            let pieces = (0..<int(0...5)).map { _ in
                chance(0.2) ? "\\" + pick(["\"", "\\", "x"]) : text(1...3, from: Array(" ,;<>=rel\té".unicodeScalars))
            }
            return name + whitespace() + "=" + whitespace() + "\"" + pieces.joined() + "\""
        }
    }
}
