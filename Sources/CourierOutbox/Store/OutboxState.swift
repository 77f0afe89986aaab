import Foundation

/// The entries as the journal's records leave them: replaying the records in order, from an
/// empty state, rebuilds them.
///
/// It keeps the entries' order (by sequence) and their counts as it goes, so that a change, or
/// a delivery plan, does not sort or count every entry again.
struct OutboxState: Sendable, Equatable {
    private(set) var entries: [UUID: StoredEntry] = [:]
    /// The sequence the next entry gets: one past the highest seen.
    private(set) var nextSequence: UInt64 = 0
    /// Records that named an entry the state does not have (its own record was in damage).
    private(set) var unmatchedRecords = 0
    /// What the delivery plan reads of each entry, by sequence.
    private var order: [Summary] = []
    /// How many entries are dead letters.
    private(set) var deadLetterCount = 0
    /// No entry expires or is due for an attempt before this: a lower bound, lowered as entries
    /// change (never raised by one's removal) and made exact by a delivery plan that reads every
    /// entry (``settle(earliestDate:)``). `distantFuture` when no entry has either date. It lets
    /// a plan stop reading once nothing more can start (``DeliveryPlan``).
    private(set) var earliestDate = Date.distantFuture

    /// What the delivery plan reads of an entry (``DeliveryPlan``): a few words, where the entry
    /// itself holds its request.
    struct Summary: Plannable, Sendable {
        var sequence: UInt64
        var id: UUID
        var group: String?
        var expiresAt: Date?
        var nextAttemptAt: Date?
        var isDeadLetter: Bool

        init(_ entry: StoredEntry) {
            sequence = entry.sequence
            id = entry.id
            group = entry.group
            expiresAt = entry.expiresAt
            nextAttemptAt = entry.nextAttemptAt
            isDeadLetter = entry.deadLetter != nil
        }
    }

    /// What a batch of changes can be rolled back to (with the entries it changed, as they were).
    struct Checkpoint {
        fileprivate var nextSequence: UInt64
        fileprivate var unmatchedRecords: Int
    }

    /// How many entries wait for delivery (those being delivered among them).
    var pendingCount: Int { entries.count - deadLetterCount }

    /// Applies a record. A record for an entry that is not there changes nothing and is counted.
    mutating func apply(_ record: JournalRecord) {
        switch record {
        case .entry(let entry):
            set(entry.id, entry)
            nextSequence = max(nextSequence, entry.sequence + 1)
        case .failed(let id, let attempts, let next, let failure):
            update(id) { entry in
                entry.attempts = attempts
                entry.nextAttemptAt = next
                entry.lastFailure = failure
            }
        case .delivered(let id), .discarded(let id):
            if entries[id] == nil {
                unmatchedRecords += 1
            } else {
                set(id, nil)
            }
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
        set(id, entry)
    }

    /// Where the state stands, for ``rollBack(to:restoring:)``.
    var checkpoint: Checkpoint {
        Checkpoint(nextSequence: nextSequence, unmatchedRecords: unmatchedRecords)
    }

    /// Undoes the changes since `checkpoint`: `previous` holds each entry they changed as it was
    /// before (`nil`: not there), in the order they changed it.
    mutating func rollBack(to checkpoint: Checkpoint, restoring previous: [(UUID, StoredEntry?)]) {
        for (id, entry) in previous.reversed() { set(id, entry) }
        nextSequence = checkpoint.nextSequence
        unmatchedRecords = checkpoint.unmatchedRecords
    }

    /// Puts an entry in place of the one with its identifier (`nil`: removes it), keeping the
    /// order and the counts.
    private mutating func set(_ id: UUID, _ entry: StoredEntry?) {
        let old = entries[id]
        if let old, let entry, old.sequence == entry.sequence {
            order[slot(of: id, sequence: old.sequence)] = Summary(entry)
        } else {
            if let old { order.remove(at: slot(of: id, sequence: old.sequence)) }
            if let entry { order.insert(Summary(entry), at: end(of: entry.sequence)) }
        }
        if old?.deadLetter != nil { deadLetterCount -= 1 }
        if entry?.deadLetter != nil { deadLetterCount += 1 }
        if let date = entry?.expiresAt, date < earliestDate { earliestDate = date }
        if let date = entry?.nextAttemptAt, date < earliestDate { earliestDate = date }
        entries[id] = entry
    }

    /// Raises ``earliestDate`` to what a plan that read every entry found: the earliest expiry
    /// or next attempt of an entry waiting (`distantFuture` for none).
    mutating func settle(earliestDate date: Date) {
        earliestDate = date
    }

    /// The index of the first slot whose sequence is not below `sequence`.
    private func start(of sequence: UInt64) -> Int {
        var (low, high) = (0, order.count)
        while low < high {
            let middle = (low + high) / 2
            if order[middle].sequence < sequence { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index past the last slot whose sequence is not above `sequence`.
    private func end(of sequence: UInt64) -> Int {
        // New entries come last: their sequence is one past the highest.
        if let last = order.last, last.sequence <= sequence { return order.count }
        var index = start(of: sequence)
        while index < order.count, order[index].sequence == sequence { index += 1 }
        return index
    }

    private func slot(of id: UUID, sequence: UInt64) -> Int {
        var index = start(of: sequence)
        // Sequences are unique but in a damaged journal's salvage, where two entries may share one.
        while order[index].id != id { index += 1 }
        return index
    }

    /// The entries waiting to be delivered, in the order they were enqueued.
    var pending: [StoredEntry] { inOrder(capacity: pendingCount) { !$0.isDeadLetter } }

    /// The entries set aside, in the order they were enqueued.
    var deadLetters: [StoredEntry] { inOrder(capacity: deadLetterCount) { $0.isDeadLetter } }

    /// What the delivery plan reads of every entry, dead letters among them, in the order they
    /// were enqueued.
    var summaries: [Summary] { order }

    /// The records a compacted journal holds: one per entry, as it stands.
    var compacted: [JournalRecord] { inOrder(capacity: entries.count) { _ in true }.map { .entry($0) } }

    private func inOrder(capacity: Int, _ included: (Summary) -> Bool) -> [StoredEntry] {
        var result: [StoredEntry] = []
        result.reserveCapacity(capacity)
        for summary in order where included(summary) {
            if let entry = entries[summary.id] { result.append(entry) }
        }
        return result
    }
}
