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
            var relations: [String] = []
            // Parameters up to the next link: `;`-separated, values quoted or not.
            while true {
                rest = rest.drop { $0 == " " || $0 == "\t" }
                guard rest.first == ";" else { break }
                rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
                let name = rest.prefix { $0 != "=" && $0 != ";" && $0 != "," }
                rest = rest.dropFirst(name.count)
                var parameterValue = Substring("")
                if rest.first == "=" {
                    rest = rest.dropFirst().drop { $0 == " " }
                    if rest.first == "\"" {
                        let body = rest.dropFirst()
                        let end = body.firstIndex(of: "\"") ?? body.endIndex
                        parameterValue = body[..<end]
                        rest = end == body.endIndex ? body[end...] : body[body.index(after: end)...]
                    } else {
                        parameterValue = rest.prefix { $0 != ";" && $0 != "," }
                        rest = rest.dropFirst(parameterValue.count)
                    }
                }
                if name.trimmingCharacters(in: .whitespaces).lowercased() == "rel" {
                    relations += parameterValue.split(separator: " ").map { $0.lowercased() }
                }
            }
            links.append((target, relations))
        }
        return links
    }
}

extension HTTPField.Name {
    /// `Link` (RFC 8288).
    static let link = HTTPField.Name("Link")!
}
