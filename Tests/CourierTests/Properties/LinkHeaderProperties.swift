import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierCore
@testable import CourierStreams

/// `LinkHeader`: any text parses without trapping, and link values written by RFC 8288's grammar
/// (section 3) parse to their targets and relation types.
@Suite("Properties: Link")
struct LinkHeaderProperties {
    /// One link as written.
    struct Link: Equatable {
        var target: String
        var relations: [String]
        var text: String
    }

    @Test func anyTextParses() async throws {
        await property("any text parses", cases: 3000) { random in
            let text = random.text(0...50, from: Array("<>;,=\" \trel=next/é\\".unicodeScalars) + ["\u{301}"])
            for link in LinkHeader.links(in: text) {
                try #require(!link.target.contains(">"))
                try #require(link.relations.allSatisfy { !$0.isEmpty && $0 == $0.lowercased() })
            }
        }
    }

    @Test func wellFormedLinksParseToTheirTargetsAndRelations() async throws {
        await property("well-formed links parse to their targets and relations", cases: 3000) { random in
            let links = (0..<random.int(0...4)).map { _ in random.link() }
            var text = ""
            for (index, link) in links.enumerated() {
                if index > 0 { text += random.whitespace() + "," + random.whitespace() }
                text += link.text
            }
            let parsed = LinkHeader.links(in: text)
            try #require(parsed.map(\.target) == links.map(\.target), "\(text)")
            try #require(parsed.map(\.relations) == links.map(\.relations), "\(text)")
        }
    }

    @Test func nextIsTheFirstLinkToTheNextPageInAnyFieldLine() async throws {
        let base = URL(string: "https://api.example.com/v1/items?page=1")!
        await property("next is the first link whose relations include next", cases: 2000) { random in
            let links = (0..<random.int(0...4)).map { _ in random.link() }
            var fields = HTTPFields()
            var line: [String] = []
            for link in links {
                line.append(link.text)
                if random.chance(0.5) {
                    fields.append(HTTPField(name: .link, value: line.joined(separator: ", ")))
                    line = []
                }
            }
            if !line.isEmpty { fields.append(HTTPField(name: .link, value: line.joined(separator: ", "))) }
            let next = LinkHeader.next(in: HTTPResponse(status: .ok, headerFields: fields), relativeTo: base)
            let expected = links.first { $0.relations.contains("next") }
            try #require(next == expected.flatMap { URL(string: $0.target, relativeTo: base)?.absoluteURL })
        }
    }
}
