import Foundation

/// The outbox's durable state: a folder holding the journal and the copies of file bodies.
///
/// Every change is a journal record, appended and applied to ``state``, and flushed before the
/// change is acknowledged; the state in memory is what replaying the journal gives. A store that
/// ``groupsCommits`` leaves the flush to ``commit()``, so that the changes made between two
/// commits share one `fsync`; until then they are not acknowledged, and a failed flush rolls them
/// all back. Not thread-safe: ``StoreQueue`` runs every call on its writer.
final class OutboxStore {
    let directory: String
    let fileSystem: any StoreFileSystem
    let durability: StoreDurability
    private let journal: Journal
    private(set) var state = OutboxState()
    /// What opening the store found.
    private(set) var recovery = RecoveryFindings()
    /// The journal's length from which the store compacts it when most of it is spent.
    let compactionThreshold: Int
    private var nextCompactionCheck: Int
    /// Whether ``record(_:)`` and ``add(_:copying:)`` leave their flush to ``commit()``: set by
    /// ``StoreQueue``, which commits once per batch of changes.
    var groupsCommits = false
    /// The changes recorded since the last commit, and how to undo them.
    private var uncommitted: Uncommitted?

    private struct Uncommitted {
        var checkpoint: OutboxState.Checkpoint
        /// Each entry a change touched, as it was before, in order.
        var previous: [(UUID, StoredEntry?)] = []
        /// Body files of entries that left, removed once that is flushed.
        var leavingBodies: [String] = []
        /// Body files copied for new entries, removed if the flush fails.
        var copiedBodies: [String] = []
    }

    /// The folder copies of file bodies are kept in.
    var bodiesDirectory: String { directory + "/bodies" }

    /// Opens (or creates) the store in `directory` and recovers what a crash left.
    init(
        directory: String, fileSystem: any StoreFileSystem = SystemFileSystem(),
        durability: StoreDurability = .full, compactionThreshold: Int = 256 * 1024, now: Date = Date()
    ) throws(StoreError) {
        self.directory = directory
        self.fileSystem = fileSystem
        self.durability = durability
        self.compactionThreshold = compactionThreshold
        try StoreError.io("create its folder \(directory)") {
            try fileSystem.createDirectory(directory)
            try fileSystem.createDirectory(directory + "/bodies")
            if durability.syncsDirectories { try fileSystem.synchronizeDirectory(directory) }
        }
        let (journal, scan, contents) = try Journal.open(in: directory, fileSystem: fileSystem, durability: durability)
        self.journal = journal
        for record in scan.records { state.apply(record) }
        var findings = RecoveryFindings(
            tornTailBytes: scan.tornTailBytes, damagedBytes: scan.damaged.reduce(0) { $0 + $1.count },
            damagedRegions: scan.damaged.count, unmatchedRecords: state.unmatchedRecords)
        nextCompactionCheck = max(compactionThreshold, 2 * journal.size)
        if !scan.damaged.isEmpty {
            // Kept as found, then rewritten from what could be read: nothing is lost that was
            // there, and the journal goes on clean.
            let copy = directory + "/damaged-\(Int(now.timeIntervalSince1970 * 1000)).journal"
            try Journal.install(
                contents, at: copy, directory: directory, fileSystem: fileSystem, durability: durability)
            findings.preservedJournal = copy
            try compact()
        }
        findings.removedBodies = try removeUnreferencedBodies()
        findings.missingBodies = try entriesMissingBodies()
        recovery = findings
    }

    /// Stores a new entry, with a copy of its file body when `file` is given: once this returns
    /// (or, when the store ``groupsCommits``, once ``commit()`` does), the entry survives a crash.
    ///
    /// - Returns: The entry as stored, with its sequence.
    func add(_ entry: StoredEntry, copying file: URL?) throws(StoreError) -> StoredEntry {
        var entry = entry
        entry.sequence = state.nextSequence
        if let file {
            let name = entry.id.uuidString + ".body"
            let length = try copyBody(from: file, to: bodiesDirectory + "/" + name)
            entry.body = .file(name: name, length: length)
        }
        do {
            try stage(.entry(entry))
        } catch {
            if case .file(let name, _)? = entry.body { try? fileSystem.remove(bodiesDirectory + "/" + name) }
            throw error
        }
        if case .file(let name, _)? = entry.body { uncommitted?.copiedBodies.append(name) }
        if !groupsCommits { try commit() }
        return state.entries[entry.id] ?? entry
    }

    /// Appends a record and applies it: once this returns (or, when the store ``groupsCommits``,
    /// once ``commit()`` does), the change survives a crash.
    func record(_ record: JournalRecord) throws(StoreError) {
        try stage(record)
        if !groupsCommits { try commit() }
    }

    /// Writes a record (not flushed) and applies it, keeping what undoes it.
    private func stage(_ record: JournalRecord) throws(StoreError) {
        // What is applied is what a replay reads back, dates rounded as they are stored.
        let payload = record.payload
        let stored = (try? JournalRecord(payload: payload[...])) ?? record
        try journal.write(payload)
        let id = stored.entryID
        let before = state.entries[id]
        if uncommitted == nil { uncommitted = Uncommitted(checkpoint: state.checkpoint) }
        uncommitted?.previous.append((id, before))
        state.apply(stored)
        if case .file(let name, _)? = before?.body, state.entries[id] == nil {
            uncommitted?.leavingBodies.append(name)
        }
    }

    /// Raises the state's lower bound on its entries' dates to what a plan that read every entry
    /// found (``OutboxState/settle(earliestDate:)``): kept in memory, recorded nowhere.
    func settle(earliestDate date: Date) {
        state.settle(earliestDate: date)
    }

    /// Whether changes were recorded since the last commit.
    var hasUncommittedChanges: Bool { uncommitted != nil }

    /// Flushes the changes recorded since the last commit, with one `fsync`; then removes the
    /// body files of entries that left, and compacts the journal when most of it is spent.
    ///
    /// - Throws: ``StoreError`` when the flush fails: every change since the last commit is
    ///   undone, in the journal and in ``state``, and none is acknowledged.
    func commit() throws(StoreError) {
        guard let changes = uncommitted else { return }
        uncommitted = nil
        do {
            try journal.flush()
        } catch {
            state.rollBack(to: changes.checkpoint, restoring: changes.previous)
            for name in changes.copiedBodies { try? fileSystem.remove(bodiesDirectory + "/" + name) }
            throw error
        }
        for name in changes.leavingBodies {
            // After the record's flush: a crash before this leaves a file the next open removes.
            try? fileSystem.remove(bodiesDirectory + "/" + name)
        }
        if journal.size > nextCompactionCheck {
            // The changes are flushed already: a compaction that fails is tried again at the next
            // commit, and a journal it leaves unusable refuses the next change.
            try? compact()
        }
    }

    /// Rewrites the journal with the live entries alone.
    func compact() throws(StoreError) {
        try journal.replace(with: state.compacted)
        nextCompactionCheck = max(compactionThreshold, 2 * journal.size)
    }

    /// The journal's length in bytes.
    var journalSize: Int { journal.size }

    /// Closes the journal.
    func close() {
        journal.close()
    }

    /// The URL of a file body's copy.
    func bodyURL(named name: String) -> URL {
        URL(fileURLWithPath: bodiesDirectory + "/" + name)
    }

    /// Copies a file body into the store, flushed and named durably before any record names it.
    private func copyBody(from source: URL, to path: String) throws(StoreError) -> Int64 {
        do {
            let input = try FileHandle(forReadingFrom: source)
            defer { try? input.close() }
            let output = try fileSystem.create(path)
            defer { fileSystem.close(output) }
            var length: Int64 = 0
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                try fileSystem.append(Array(chunk), to: output)
                length += Int64(chunk.count)
            }
            if durability.syncsRewrites { try fileSystem.synchronize(output) }
            if durability.syncsDirectories { try fileSystem.synchronizeDirectory(bodiesDirectory) }
            return length
        } catch {
            try? fileSystem.remove(path)
            throw StoreError(.io, "The outbox could not copy the file body \(source.path).", underlying: error)
        }
    }

    /// Removes body files no entry names: copies a crash left before their entry was recorded,
    /// or after it was delivered.
    private func removeUnreferencedBodies() throws(StoreError) -> Int {
        let named = Set(
            state.entries.values.compactMap { entry -> String? in
                if case .file(let name, _)? = entry.body { return name }
                return nil
            })
        let files = try StoreError.io("list its bodies") { try fileSystem.fileNames(in: bodiesDirectory) }
        var removed = 0
        for file in files where !named.contains(file) {
            try? fileSystem.remove(bodiesDirectory + "/" + file)
            removed += 1
        }
        return removed
    }

    /// The entries whose file body's copy is not there (its file was removed behind the store's back).
    private func entriesMissingBodies() throws(StoreError) -> Int {
        let files = Set(try StoreError.io("list its bodies") { try fileSystem.fileNames(in: bodiesDirectory) })
        return state.entries.values.count { entry in
            guard case .file(let name, _)? = entry.body else { return false }
            return !files.contains(name)
        }
    }
}

/// What opening a store found and did.
struct RecoveryFindings: Sendable, Equatable {
    var tornTailBytes = 0
    var damagedBytes = 0
    var damagedRegions = 0
    var unmatchedRecords = 0
    var preservedJournal: String?
    var removedBodies = 0
    var missingBodies = 0
}
