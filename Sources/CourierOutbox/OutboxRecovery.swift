public import Foundation

/// What opening an outbox found in its store and did about it: nothing, after a clean close or an
/// ordinary crash.
///
/// A crash can cut the last record short: that is an entry whose `enqueue` had not returned (or
/// a change not yet acknowledged), cut off and counted in ``tornTailBytes``. Anything else that
/// cannot be read is damage, from the disk or from outside: the journal is kept as found
/// (``preservedJournal``), everything readable in it is kept, and the counts say how much could
/// not be read. Nothing is dropped without a count here.
public struct OutboxRecovery: Sendable, Hashable, CustomStringConvertible {
    /// The bytes of an unfinished last record, cut off.
    public let tornTailBytes: Int

    /// The bytes, in the middle of the journal, that held no readable record.
    public let damagedBytes: Int

    /// The stretches of the journal that held no readable record.
    public let damagedRegions: Int

    /// Records that named an entry whose own record was lost to damage (so a change to an entry
    /// the store does not know); an entry whose `delivered` record was lost is sent again, with
    /// its `Idempotency-Key`.
    public let unmatchedRecords: Int

    /// A copy of the journal as it was found, kept when it had damage.
    public let preservedJournal: URL?

    /// Copies of file bodies that no entry named (left by a crash during an `enqueue` that had
    /// not returned, or after a delivery), removed.
    public let removedBodies: Int

    /// Entries whose file body's copy is missing: each becomes a dead letter when it is tried.
    public let missingBodies: Int

    /// Whether the store was found as it was left: no damage, no missing body. A torn tail and
    /// removed body copies are the ordinary traces of a crash and do not count.
    public var isClean: Bool {
        damagedBytes == 0 && unmatchedRecords == 0 && missingBodies == 0
    }

    /// The findings, in a sentence.
    public var description: String {
        var parts: [String] = []
        if tornTailBytes > 0 { parts.append("an unfinished last record of \(tornTailBytes) bytes cut off") }
        if damagedBytes > 0 { parts.append("\(damagedBytes) damaged bytes in \(damagedRegions) places") }
        if unmatchedRecords > 0 { parts.append("\(unmatchedRecords) records for unknown entries") }
        if let preservedJournal { parts.append("the journal kept as found at \(preservedJournal.path)") }
        if removedBodies > 0 { parts.append("\(removedBodies) unused body copies removed") }
        if missingBodies > 0 { parts.append("\(missingBodies) entries missing their file body") }
        return parts.isEmpty ? "clean" : parts.joined(separator: "; ")
    }

    init(_ findings: RecoveryFindings) {
        tornTailBytes = findings.tornTailBytes
        damagedBytes = findings.damagedBytes
        damagedRegions = findings.damagedRegions
        unmatchedRecords = findings.unmatchedRecords
        preservedJournal = findings.preservedJournal.map { URL(fileURLWithPath: $0) }
        removedBodies = findings.removedBodies
        missingBodies = findings.missingBodies
    }
}
