import Foundation

/// The entries as the journal's records leave them: replaying the records in order, from an
/// empty state, rebuilds them.
struct OutboxState: Sendable, Equatable {
    private(set) var entries: [UUID: StoredEntry] = [:]
    /// The sequence the next entry gets: one past the highest seen.
    private(set) var nextSequence: UInt64 = 0
    /// Records that named an entry the state does not have (its own record was in damage).
    private(set) var unmatchedRecords = 0

    /// Applies a record. A record for an entry that is not there changes nothing and is counted.
    mutating func apply(_ record: JournalRecord) {
        switch record {
        case .entry(let entry):
            entries[entry.id] = entry
            nextSequence = max(nextSequence, entry.sequence + 1)
        case .failed(let id, let attempts, let next, let failure):
            update(id) { entry in
                entry.attempts = attempts
                entry.nextAttemptAt = next
                entry.lastFailure = failure
            }
        case .delivered(let id), .discarded(let id):
            if entries.removeValue(forKey: id) == nil { unmatchedRecords += 1 }
        case .deadLettered(let id, let attempts, let letter):
            update(id) { entry in
                entry.attempts = attempts
                entry.deadLetter = letter
            }
        case .revived(let id, let date):
            update(id) { entry in
                // The expiry's window starts again from the retry.
                entry.expiresAt = entry.expiry.map { date + $0 }
                entry.attempts = 0
                entry.nextAttemptAt = nil
                entry.lastFailure = nil
                entry.deadLetter = nil
            }
        }
    }

    private mutating func update(_ id: UUID, _ change: (inout StoredEntry) -> Void) {
        guard var entry = entries[id] else {
            unmatchedRecords += 1
            return
        }
        change(&entry)
        entries[id] = entry
    }

    /// The entries waiting to be delivered, in the order they were enqueued.
    var pending: [StoredEntry] {
        entries.values.filter { $0.deadLetter == nil }.sorted { $0.sequence < $1.sequence }
    }

    /// The entries set aside, in the order they were enqueued.
    var deadLetters: [StoredEntry] {
        entries.values.filter { $0.deadLetter != nil }.sorted { $0.sequence < $1.sequence }
    }

    /// The records a compacted journal holds: one per entry, as it stands.
    var compacted: [JournalRecord] {
        entries.values.sorted { $0.sequence < $1.sequence }.map { .entry($0) }
    }
}
