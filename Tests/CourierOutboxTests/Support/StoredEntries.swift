import Courier
import Foundation

@testable import CourierOutbox

extension StoredEntry {
    /// An entry as an outbox would store it, with a body of `size` bytes.
    static func sample(
        id: UUID = UUID(), group: String? = nil, size: Int = 40, kind: String = "note.save", now: Date = .sample
    ) -> StoredEntry {
        StoredEntry(
            id: id, sequence: 0, kind: kind, group: group, idempotencyKey: "\"\(id.uuidString.lowercased())\"",
            name: "SaveNoteRequest", method: "POST", target: "/notes?draft=1",
            headers: [Header(name: "Content-Type", value: "application/json")], baseURL: nil,
            timeout: .seconds(30), acceptableStatusCodes: .successful,
            body: .data(Data(repeating: 0x61, count: size)),
            enqueuedAt: now, expiry: .seconds(3600), expiresAt: now + .seconds(3600), retry: DeliveryRules().retry,
            attempts: 0, nextAttemptAt: nil, lastFailure: nil, deadLetter: nil)
    }
}

extension Date {
    /// A date that a journal keeps exactly (whole milliseconds).
    static let sample = Date(timeIntervalSince1970: 1_750_000_000)
}
