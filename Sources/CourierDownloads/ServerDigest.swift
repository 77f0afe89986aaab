import CourierCore
import Foundation
import HTTPTypes

extension HTTPField.Name {
    /// RFC 9530: the digest of the selected representation, whole, whatever part of it a response
    /// carries.
    static let reprDigest = Self("Repr-Digest")!
    /// RFC 9530: the digest of the content of this message: of the whole representation on a
    /// `200`, of the part sent on a `206`.
    static let contentDigest = Self("Content-Digest")!
}

/// A digest the server announced for the whole body a download is after: `Repr-Digest`, or
/// `Content-Digest` on a `200` (there the content is the whole representation).
///
/// Only a representation sent without a content coding is checked: the digests cover the bytes
/// as sent, and a download's file holds them decoded.
struct ServerDigest: Sendable, Codable {
    var algorithm: DigestAlgorithm
    var bytes: [UInt8]
    /// The field it came from, for an error message.
    var field: String

    /// The digest a response announces for the whole representation, in the algorithm the
    /// download prefers (`sha-256`, then `sha-512`); `nil` when it announces none Courier checks.
    ///
    /// - Parameters:
    ///   - head: A `200` or `206` response without a content coding.
    ///   - algorithm: The algorithm to take when the field has it (the app's digest's).
    /// - Returns: The digest, or `nil`.
    static func announced(in head: HTTPResponse, preferring algorithm: DigestAlgorithm?) -> ServerDigest? {
        var fields: [(HTTPField.Name, String)] = [(.reprDigest, "Repr-Digest")]
        if head.status == .ok { fields.append((.contentDigest, "Content-Digest")) }
        for (name, label) in fields {
            guard let value = head.headerFields[name] else { continue }
            let digests = parse(value)
            let order = [algorithm].compactMap { $0 } + DigestAlgorithm.allCases
            for candidate in order {
                if let bytes = digests[candidate] {
                    return ServerDigest(algorithm: candidate, bytes: bytes, field: label)
                }
            }
        }
        return nil
    }

    /// The digests of a `Repr-Digest` or `Content-Digest` value (an RFC 8941 dictionary of byte
    /// sequences, `sha-256=:base64:, sha-512=:base64:`) whose algorithm Courier knows and whose
    /// length fits it. Parameters are ignored; a malformed member is skipped.
    static func parse(_ value: String) -> [DigestAlgorithm: [UInt8]] {
        var digests: [DigestAlgorithm: [UInt8]] = [:]
        for member in value.pieces(separatedBy: ",") {
            let parts = member.pieces(separatedBy: "=", maxSplits: 1)
            guard parts.count == 2,
                let algorithm = DigestAlgorithm(rawValue: parts[0].trimmingCharacters(in: .whitespaces).lowercased())
            else { continue }
            let item = parts[1].pieces(separatedBy: ";", maxSplits: 1).first ?? ""
            let text = item.trimmingCharacters(in: .whitespaces)
            guard text.count >= 2, text.hasPrefix(":"), text.hasSuffix(":"),
                let bytes = Data(base64Encoded: String(text.dropFirst().dropLast())),
                bytes.count == algorithm.size
            else { continue }
            digests[algorithm] = Array(bytes)
        }
        return digests
    }
}
