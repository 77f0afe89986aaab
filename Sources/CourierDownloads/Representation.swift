import CourierCore
import Foundation
import HTTPTypes

/// What a response that carries a whole body says about that body (RFC 9110's selected
/// representation): how to ask for the rest of it later, its length, and its digest.
struct Representation: Sendable, Codable {
    /// The strong entity tag, quotes included; `nil` when there is none or it is weak (`W/`).
    var entityTag: String?
    /// `Last-Modified`, when it may stand in `If-Range`: there is no entity tag at all, and the
    /// response's `Date` is at least a second later (RFC 9110, sections 13.1.5 and 8.8.2.2).
    var lastModified: String?
    /// The whole body's length, when the server announced it.
    var length: Int64?
    /// Whether the server serves byte ranges of it (`Accept-Ranges: bytes`).
    var acceptsRanges: Bool
    /// Whether it was sent with a content coding: the file holds it decoded, so neither its ranges
    /// nor its digests count the file's bytes.
    var isEncoded: Bool
    /// The digest the server announced for it, if any Courier checks.
    var digest: ServerDigest?

    /// The representation a response with the whole body describes (a `200`, or a status the
    /// request accepts).
    ///
    /// - Parameters:
    ///   - head: The response.
    ///   - algorithm: The digest algorithm to prefer (the app's digest's).
    init(whole head: HTTPResponse, preferring algorithm: DigestAlgorithm?) {
        let fields = head.headerFields
        isEncoded = ContentDecoding.isEncoded(fields[.contentEncoding])
        length = isEncoded ? nil : fields[.contentLength].flatMap { Int64($0) }
        acceptsRanges =
            fields[values: .acceptRanges].flatMap { $0.pieces(separatedBy: ",") }
            .contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "bytes" }
        let tag = fields[.eTag]?.trimmingCharacters(in: .whitespaces)
        entityTag = tag.flatMap(Self.strongEntityTag)
        lastModified = tag == nil ? Self.strongLastModified(fields) : nil
        digest = isEncoded ? nil : ServerDigest.announced(in: head, preferring: algorithm)
    }

    /// What a request for the rest of the body sends in `If-Range`.
    var validator: String? {
        entityTag ?? lastModified
    }

    /// Whether the rest of the body can be asked for after a failure: the server serves ranges,
    /// the validator is strong, and the file holds the bytes as sent.
    var isResumable: Bool {
        acceptsRanges && !isEncoded && validator != nil
    }

    /// Whether a partial response belongs to this representation, as far as its own validator
    /// says: a server that ignored `If-Range` must not splice another version's bytes in.
    func matches(_ head: HTTPResponse) -> Bool {
        if let entityTag, let tag = head.headerFields[.eTag]?.trimmingCharacters(in: .whitespaces) {
            return tag == entityTag
        }
        if entityTag == nil, let lastModified, let date = head.headerFields[.lastModified] {
            return date == lastModified
        }
        return true
    }

    /// An entity tag that is strong and well formed (`"…"`), or `nil`.
    private static func strongEntityTag(_ tag: String) -> String? {
        guard tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") else { return nil }
        return tag
    }

    /// `Last-Modified` when it is a strong validator: the response's `Date` is at least one
    /// second after it (RFC 9110, section 8.8.2.2).
    private static func strongLastModified(_ fields: HTTPFields) -> String? {
        guard let text = fields[.lastModified], let modified = HTTPDate.parse(text),
            let date = fields[.date].flatMap(HTTPDate.parse), date.timeIntervalSince(modified) >= 1
        else { return nil }
        return text
    }
}

/// A `206` response's `Content-Range` (RFC 9110, section 14.4): `bytes first-last/complete`.
struct ContentRange: Sendable {
    var first: Int64
    var last: Int64
    /// The whole body's length; `nil` for `*`.
    var complete: Int64?

    /// Parses `bytes 0-499/1234` or `bytes 0-499/*`; `nil` for anything else, an unsatisfied range
    /// (`bytes */1234`) included.
    init?(_ value: String?) {
        guard let value else { return nil }
        let parts = value.trimmingCharacters(in: .whitespaces).pieces(separatedBy: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bytes" else { return nil }
        let rangeAndLength = parts[1].pieces(separatedBy: "/", maxSplits: 1, omittingEmpty: false)
        guard rangeAndLength.count == 2 else { return nil }
        let bounds = rangeAndLength[0].pieces(separatedBy: "-", maxSplits: 1, omittingEmpty: false)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 0, last >= first
        else { return nil }
        self.first = first
        self.last = last
        if rangeAndLength[1] == "*" {
            complete = nil
        } else {
            guard let complete = Int64(rangeAndLength[1]), complete > last else { return nil }
            self.complete = complete
        }
    }
}
