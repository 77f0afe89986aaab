import CourierCore
import Foundation
import HTTPTypes

/// One stored response: its head, body, when it was asked for and received, and which variant of
/// the resource it is (the digest of the request's values of the fields its `Vary` names).
struct StoredResponse: Codable, Sendable, Equatable {
    var status: Int
    var reasonPhrase: String
    /// The header fields as name-value pairs, in order; `Set-Cookie` is never stored.
    var fields: [[String]]
    var body: Data
    /// When the request that got this response (or its latest revalidation) was sent.
    var requestTime: Date
    /// When this response (or its latest revalidation) arrived.
    var responseTime: Date
    /// The digest of the request's values of the fields `Vary` names; never the values themselves,
    /// which could be credentials.
    var variant: String

    /// Fields that are never stored: they set state (cookies) that a replay must not set again.
    static let unstoredFields: Set<HTTPField.Name> = [.setCookie]

    init(response: HTTPResponse, body: Data, requestTime: Date, responseTime: Date, variant: String) {
        self.status = response.status.code
        self.reasonPhrase = response.status.reasonPhrase
        self.fields = response.headerFields.filter { !Self.unstoredFields.contains($0.name) }
            .map { [$0.name.rawName, $0.value] }
        self.body = body
        self.requestTime = requestTime
        self.responseTime = responseTime
        self.variant = variant
    }

    /// The stored head, as the caller sees it.
    var response: HTTPResponse {
        var headerFields = HTTPFields()
        for pair in fields where pair.count == 2 {
            if let name = HTTPField.Name(pair[0]) { headerFields.append(HTTPField(name: name, value: pair[1])) }
        }
        return HTTPResponse(status: .init(code: status, reasonPhrase: reasonPhrase), headerFields: headerFields)
    }

    /// The bytes this response takes in a store, roughly: body, fields, and bookkeeping.
    var byteCount: Int {
        body.count + fields.reduce(0) { $0 + $1.reduce(0) { $0 + $1.utf8.count + 4 } } + reasonPhrase.utf8.count + 64
    }

    /// Replaces the stored fields with those of a `304`'s (RFC 9111, section 4.3.4): every field the
    /// `304` carries replaces the stored one of that name, except those that describe the body.
    mutating func refresh(with notModified: HTTPResponse, requestTime: Date, responseTime: Date) {
        let kept: Set<HTTPField.Name> = [.contentLength, .contentEncoding, .transferEncoding, .contentRange]
        let incoming = notModified.headerFields.filter {
            !kept.contains($0.name) && !Self.unstoredFields.contains($0.name)
        }
        let replaced = Set(incoming.map { $0.name.canonicalName })
        fields.removeAll { pair in pair.first.map { replaced.contains($0.lowercased()) } ?? true }
        fields += incoming.map { [$0.name.rawName, $0.value] }
        self.requestTime = requestTime
        self.responseTime = responseTime
    }
}
