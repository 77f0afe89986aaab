import CourierCore
import Foundation

/// One change to the store, as the journal keeps it; replaying the records in order rebuilds the
/// entries. A record's payload starts with its type.
enum JournalRecord: Sendable, Equatable {
    /// An entry enqueued (or, in a compacted journal, an entry as it stands).
    case entry(StoredEntry)
    /// An attempt failed and the entry waits until `nextAttemptAt`.
    case failed(UUID, attempts: Int, nextAttemptAt: Date, failure: StoredEntry.Failure)
    /// The entry was delivered: it leaves the store.
    case delivered(UUID)
    /// The entry was set aside, for the app to retry or discard.
    case deadLettered(UUID, attempts: Int, StoredEntry.DeadLetter)
    /// A dead letter the app retries: pending again, from its first attempt.
    case revived(UUID, at: Date)
    /// A dead letter the app discards: it leaves the store.
    case discarded(UUID)

    /// The entry the record is about.
    var entryID: UUID {
        switch self {
        case .entry(let entry): entry.id
        case .failed(let id, _, _, _), .delivered(let id), .deadLettered(let id, _, _), .revived(let id, _),
            .discarded(let id):
            id
        }
    }

    /// A payload that is not a record of this format.
    struct Malformed: Error {}

    var payload: [UInt8] {
        var writer = BinaryWriter()
        switch self {
        case .entry(let entry):
            writer.write(UInt8(1))
            Self.write(entry, to: &writer)
        case .failed(let id, let attempts, let next, let failure):
            writer.write(UInt8(2))
            writer.write(id)
            writer.write(UInt32(clamping: attempts))
            writer.write(next)
            Self.write(failure, to: &writer)
        case .delivered(let id):
            writer.write(UInt8(3))
            writer.write(id)
        case .deadLettered(let id, let attempts, let letter):
            writer.write(UInt8(4))
            writer.write(id)
            writer.write(UInt32(clamping: attempts))
            Self.write(letter, to: &writer)
        case .revived(let id, let date):
            writer.write(UInt8(5))
            writer.write(id)
            writer.write(date)
        case .discarded(let id):
            writer.write(UInt8(6))
            writer.write(id)
        }
        return writer.bytes
    }

    init(payload: ArraySlice<UInt8>) throws(Malformed) {
        var reader = BinaryReader(payload)
        do {
            switch try reader.byte() {
            case 1: self = .entry(try Self.readEntry(&reader))
            case 2:
                self = .failed(
                    try reader.uuid(), attempts: Int(try reader.uint32()), nextAttemptAt: try reader.date(),
                    failure: try Self.readFailure(&reader))
            case 3: self = .delivered(try reader.uuid())
            case 4:
                self = .deadLettered(
                    try reader.uuid(), attempts: Int(try reader.uint32()), try Self.readLetter(&reader))
            case 5: self = .revived(try reader.uuid(), at: try reader.date())
            case 6: self = .discarded(try reader.uuid())
            default: throw Malformed()
            }
        } catch {
            throw Malformed()
        }
        guard reader.isAtEnd else { throw Malformed() }
    }
}

extension JournalRecord {
    private static func write(_ entry: StoredEntry, to writer: inout BinaryWriter) {
        writer.write(entry.id)
        writer.write(entry.sequence)
        writer.write(entry.kind)
        writer.writeOptional(entry.group) { $0.write($1) }
        writer.write(entry.idempotencyKey)
        writer.write(entry.name)
        writer.write(entry.method)
        writer.write(entry.target)
        writer.write(UInt32(entry.headers.count))
        for header in entry.headers {
            writer.write(header.name)
            writer.write(header.value)
        }
        writer.writeOptional(entry.baseURL) { $0.write($1) }
        writer.writeOptional(entry.timeout) { $0.write($1) }
        writer.write(entry.acceptableStatusCodes)
        switch entry.body {
        case nil: writer.write(UInt8(0))
        case .data(let data):
            writer.write(UInt8(1))
            writer.write(data)
        case .file(let name, let length):
            writer.write(UInt8(2))
            writer.write(name)
            writer.write(length)
        }
        writer.write(entry.enqueuedAt)
        writer.writeOptional(entry.expiry) { $0.write($1) }
        writer.writeOptional(entry.expiresAt) { $0.write($1) }
        writer.write(UInt32(clamping: entry.retry.maximumRetries))
        writer.write(entry.retry.initialBackoff)
        writer.write(entry.retry.maximumBackoff)
        writer.write(entry.retry.retryableStatusCodes)
        writer.write(entry.retry.honorsRetryAfter)
        writer.write(UInt32(clamping: entry.attempts))
        writer.writeOptional(entry.nextAttemptAt) { $0.write($1) }
        writer.writeOptional(entry.lastFailure) { write($1, to: &$0) }
        writer.writeOptional(entry.deadLetter) { write($1, to: &$0) }
    }

    private static func readEntry(_ reader: inout BinaryReader) throws -> StoredEntry {
        let id = try reader.uuid()
        let sequence = try reader.uint64()
        let kind = try reader.string()
        let group = try reader.optional { try $0.string() }
        let key = try reader.string()
        let name = try reader.string()
        let method = try reader.string()
        let target = try reader.string()
        let headers = try (0..<reader.uint32()).map { _ in
            StoredEntry.Header(name: try reader.string(), value: try reader.string())
        }
        let baseURL = try reader.optional { try $0.string() }
        let timeout = try reader.optional { try $0.duration() }
        let acceptable = try reader.statusCodes()
        let body: StoredEntry.Body? =
            switch try reader.byte() {
            case 0: nil
            case 1: .data(try reader.data())
            case 2: .file(name: try reader.string(), length: try reader.int64())
            default: throw Malformed()
            }
        let enqueuedAt = try reader.date()
        let expiry = try reader.optional { try $0.duration() }
        let expiresAt = try reader.optional { try $0.date() }
        let maximumRetries = Int(try reader.uint32())
        let initialBackoff = try reader.duration()
        let maximumBackoff = try reader.duration()
        let retryable = try reader.statusCodes()
        let retry = RetryPolicy(
            maximumRetries: maximumRetries, initialBackoff: initialBackoff, maximumBackoff: maximumBackoff,
            retryableStatusCodes: retryable, honorsRetryAfter: try reader.bool())
        return StoredEntry(
            id: id, sequence: sequence, kind: kind, group: group, idempotencyKey: key, name: name, method: method,
            target: target, headers: headers, baseURL: baseURL, timeout: timeout, acceptableStatusCodes: acceptable,
            body: body, enqueuedAt: enqueuedAt, expiry: expiry, expiresAt: expiresAt, retry: retry,
            attempts: Int(try reader.uint32()), nextAttemptAt: try reader.optional { try $0.date() },
            lastFailure: try reader.optional { try readFailure(&$0) },
            deadLetter: try reader.optional { try readLetter(&$0) })
    }

    private static func write(_ failure: StoredEntry.Failure, to writer: inout BinaryWriter) {
        writer.write(failure.kind)
        writer.write(UInt16(clamping: failure.status ?? 0))
        writer.write(failure.message)
        writer.write(failure.network)
    }

    private static func readFailure(_ reader: inout BinaryReader) throws -> StoredEntry.Failure {
        let kind = try reader.string()
        let status = try reader.uint16()
        return StoredEntry.Failure(
            kind: kind, status: status == 0 ? nil : Int(status), message: try reader.string(),
            network: try reader.bool())
    }

    private static func write(_ letter: StoredEntry.DeadLetter, to writer: inout BinaryWriter) {
        writer.write(letter.reason)
        writer.writeOptional(letter.failure) { write($1, to: &$0) }
        writer.writeOptional(letter.responseBody) { $0.write($1) }
        writer.write(letter.date)
    }

    private static func readLetter(_ reader: inout BinaryReader) throws
        -> StoredEntry.DeadLetter
    {
        StoredEntry.DeadLetter(
            reason: try reader.byte(), failure: try reader.optional { try readFailure(&$0) },
            responseBody: try reader.optional { try $0.data() }, date: try reader.date())
    }
}
