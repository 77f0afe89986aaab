public import Foundation

/// How a cassette's answers changed when it was recorded again: the drift of the real API, as a
/// readable diff.
///
/// Recordings are paired by method and URL (the origin aside, so that a server on another port
/// still pairs), in order. For each pair the report names a changed status, the header fields
/// added, removed or changed (`Date` and `Age` aside), and the body's changes: member by member
/// for JSON (`$.user.name`), line by line for text. It names the requests no longer made and the
/// new ones.
///
/// ```text
/// Cassettes/users.har, recorded again: 1 of 2 answers changed.
///   GET /users/1
///     ~ status 200 → 404
///     + header Retry-After: 5
///     ~ $.name: "Bob" → "Robert"
///     - $.email: "bob@example.com" (removed)
///   + POST /users (new)
/// ```
public struct DriftReport: Sendable, CustomStringConvertible {
    /// The cassette.
    public let cassette: URL

    /// One line per change, indented under the request it belongs to.
    public let lines: [String]

    /// Whether the new recordings answer as the old ones did.
    public var isEmpty: Bool { lines.isEmpty }

    /// The report, a heading and then the changes.
    public var description: String {
        let name = "\(cassette.deletingLastPathComponent().lastPathComponent)/\(cassette.lastPathComponent)"
        guard !isEmpty else { return "\(name), recorded again: no answer changed." }
        return (["\(name), recorded again: \(changedCount) of \(pairCount) answers changed."] + lines)
            .joined(separator: "\n")
    }

    private let changedCount: Int
    private let pairCount: Int

    /// Header fields whose values change on every answer.
    private static let volatileFields: Set<String> = ["date", "age"]

    /// The most lines a body's changes take.
    private static let bodyLineLimit = 20

    init(cassette: URL, old: [HAR.Entry], new: [HAR.Entry]) {
        self.cassette = cassette
        var unpaired = Array(old.enumerated())
        var lines: [String] = []
        var changed = 0
        var pairs = 0
        for entry in new {
            let key = Self.key(entry)
            guard let position = unpaired.firstIndex(where: { Self.key($0.element) == key }) else {
                lines.append("  + \(key) (new)")
                continue
            }
            let previous = unpaired.remove(at: position).element
            pairs += 1
            let changes = Self.changes(from: previous.response, to: entry.response)
            if !changes.isEmpty {
                changed += 1
                lines.append("  \(key)")
                lines += changes.map { "    " + $0 }
            }
        }
        lines += unpaired.map { "  - \(Self.key($0.element)) (no longer requested)" }
        self.lines = lines
        self.changedCount = changed
        self.pairCount = pairs
    }

    private static func key(_ entry: HAR.Entry) -> String {
        guard let components = URLComponents(string: entry.request.url) else {
            return "\(entry.request.method) \(entry.request.url)"
        }
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        return "\(entry.request.method) \(components.percentEncodedPath)\(query)"
    }

    private static func changes(from old: HAR.Response, to new: HAR.Response) -> [String] {
        var lines: [String] = []
        if old.status != new.status { lines.append("~ status \(old.status) → \(new.status)") }
        if old.failure?.kind != new.failure?.kind {
            lines.append("~ failure \(old.failure?.kind ?? "none") → \(new.failure?.kind ?? "none")")
        }
        lines += headerChanges(from: old.headers, to: new.headers)
        lines += bodyChanges(from: old.content, to: new.content)
        return lines
    }

    private static func headerChanges(from old: [HAR.NameValue], to new: [HAR.NameValue]) -> [String] {
        let values = { (list: [HAR.NameValue]) in
            Dictionary(grouping: list.filter { !volatileFields.contains($0.name.lowercased()) }) {
                $0.name.lowercased()
            }
            .mapValues { $0.map(\.value) }
        }
        let was = values(old)
        let now = values(new)
        let display = { (name: String, list: [HAR.NameValue]) in
            list.first { $0.name.lowercased() == name }?.name ?? name
        }
        return Set(was.keys).union(now.keys).sorted().compactMap { name in
            switch (was[name], now[name]) {
            case (nil, let value?): "+ header \(display(name, new)): \(value.joined(separator: ", "))"
            case (let value?, nil): "- header \(display(name, old)): \(value.joined(separator: ", "))"
            case (let before?, let after?) where before != after:
                "~ header \(display(name, new)): \(before.joined(separator: ", ")) → \(after.joined(separator: ", "))"
            default: nil
            }
        }
    }

    private static func bodyChanges(from old: HAR.Content, to new: HAR.Content) -> [String] {
        let (was, now) = (old.data, new.data)
        guard was != now else { return [] }
        var lines: [String]
        if let before = JSONValue.parse(was), let after = JSONValue.parse(now) {
            lines = before.changes(to: after)
        } else if let before = String(data: was, encoding: .utf8), let after = String(data: now, encoding: .utf8),
            old.encoding == nil, new.encoding == nil
        {
            lines = textChanges(from: before, to: after)
        } else {
            lines = ["~ body: \(was.count) bytes → \(now.count) bytes"]
        }
        if lines.count > bodyLineLimit {
            let more = lines.count - bodyLineLimit
            lines = Array(lines.prefix(bodyLineLimit)) + ["… and \(more) more"]
        }
        return lines
    }

    /// The lines removed and added, in order, the lines both have aside.
    private static func textChanges(from old: String, to new: String) -> [String] {
        let before = old.split(separator: "\n", omittingEmptySubsequences: false)
        let after = new.split(separator: "\n", omittingEmptySubsequences: false)
        let difference = after.difference(from: before)
        return difference.map { change in
            switch change {
            case .remove(_, let line, _): "- \(line)"
            case .insert(_, let line, _): "+ \(line)"
            }
        }
    }
}
