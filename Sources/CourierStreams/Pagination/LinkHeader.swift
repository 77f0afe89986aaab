import CourierCore
import Foundation
import HTTPTypes

/// Reads `Link` header fields (RFC 8288).
enum LinkHeader {
    /// The target of the first link whose `rel` includes `next`, resolved against `base`.
    static func next(in response: HTTPResponse, relativeTo base: URL) -> URL? {
        for field in response.headerFields[values: .link] {
            for link in links(in: field) where link.relations.contains("next") {
                return URL(string: link.target, relativeTo: base)?.absoluteURL
            }
        }
        return nil
    }

    /// The links of one field value: `<target>; rel="a b"; other=x, <target2>; rel=c`.
    static func links(in value: String) -> [(target: String, relations: [String])] {
        var links: [(String, [String])] = []
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let target = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            var relations: [String]?
            // Parameters up to the next link: `;`-separated, values quoted or not.
            while true {
                rest = rest.drop { $0 == " " || $0 == "\t" }
                guard rest.first == ";" else { break }
                rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
                let name = rest.prefix { $0 != "=" && $0 != ";" && $0 != "," }
                rest = rest.dropFirst(name.count)
                var parameterValue = Substring("")
                if rest.first == "=" {
                    rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
                    if rest.first == "\"" {
                        (parameterValue, rest) = quotedString(rest.dropFirst())
                    } else {
                        parameterValue = rest.prefix { $0 != ";" && $0 != "," }
                        rest = rest.dropFirst(parameterValue.count)
                    }
                }
                // RFC 8288, 3.3: a `rel` after the first is ignored.
                if relations == nil, name.trimmingCharacters(in: .whitespaces).lowercased() == "rel" {
                    relations = parameterValue.split { $0 == " " || $0 == "\t" }.map { $0.lowercased() }
                }
            }
            links.append((target, relations ?? []))
        }
        return links
    }

    /// The content of a quoted string that starts `text` (just after its opening quote), its
    /// quoted pairs (`\"`, `\\`) undone, and the text after its closing quote.
    private static func quotedString(_ text: Substring) -> (Substring, Substring) {
        var content = ""
        var index = text.startIndex
        while index < text.endIndex, text[index] != "\"" {
            if text[index] == "\\", text.index(after: index) < text.endIndex { index = text.index(after: index) }
            content.append(text[index])
            index = text.index(after: index)
        }
        return (Substring(content), index == text.endIndex ? text[index...] : text[text.index(after: index)...])
    }
}

extension HTTPField.Name {
    /// `Link` (RFC 8288).
    static let link = HTTPField.Name("Link")!
}
