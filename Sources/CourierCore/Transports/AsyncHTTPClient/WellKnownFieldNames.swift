import HTTPTypes

/// The field names servers send most, found without validating and lowercasing each name again.
///
/// `HTTPField.Name(_:)` checks every byte of a name and lowercases it, on every response. A name
/// spelled exactly as one of these (in its usual capitalization or in lower case) is that name,
/// already checked (a lower-case one then carries the usual capitalization as its `rawName`;
/// names compare by their canonical form either way); any other spelling goes through
/// `HTTPField.Name(_:)`.
enum WellKnownFieldNames {
    /// The field name for `raw`, or `nil` if it is not a valid field name.
    static func name(_ raw: String) -> HTTPField.Name? {
        let length = raw.utf8.count
        if length < byLength.count {
            for name in byLength[length] where name.rawName == raw || name.canonicalName == raw {
                return name
            }
        }
        return HTTPField.Name(raw)
    }

    /// Known names, grouped by length.
    private static let byLength: [[HTTPField.Name]] = {
        let names: [HTTPField.Name] = [
            .acceptRanges, .age, .cacheControl, .connection, .contentEncoding, .contentLength,
            .contentType, .date, .eTag, .expires, .lastModified, .location, .retryAfter, .server,
            .setCookie, .transferEncoding, .vary, .wwwAuthenticate,
        ]
        let longest = names.map(\.rawName.utf8.count).max() ?? 0
        var groups = [[HTTPField.Name]](repeating: [], count: longest + 1)
        for name in names { groups[name.rawName.utf8.count].append(name) }
        return groups
    }()
}
