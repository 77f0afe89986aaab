import Courier
import Foundation
import Testing

@testable import CourierOutbox

/// Group commit: changes that arrive while the journal is being flushed share the next flush, and
/// none is acknowledged before the flush that covers it.
@Suite(.timeLimit(.minutes(1))) struct GroupCommitTests {
    /// Whether the journal's record of `entry` is within what the last finished flush made durable.
    static func isFlushed(_ entry: OutboxEntry, in folder: URL, _ files: HoldingFileSystem) throws -> Bool {
        let durable = files.durableJournalLength
        let journal = [UInt8](try Data(contentsOf: folder.appending(path: "journal")))
        let id = withUnsafeBytes(of: entry.id.uuid) { Array($0) }
        guard
            let start = (0...(journal.count - id.count)).first(where: {
                journal[$0..<($0 + id.count)].elementsEqual(id)
            })
        else { return false }
        return start + id.count <= durable
    }

    @Test func enqueuesArrivingDuringAFlushShareTheNextAndNoneReturnsBeforeItsFlush() async throws {
        let harness = Harness()
        defer { harness.removeFolder() }
        let files = HoldingFileSystem()
        let outbox = try await harness.open(fileSystem: files)
        outbox.networkDidChange(isAvailable: false)
        let folder = harness.folder
        let unflushed = Locked<[Int]>([])
        let enqueue: @Sendable (Int) async throws -> Void = { id in
            let entry = try await outbox.enqueue(SaveNote(id: id), kind: "note.save")
            if try !Self.isFlushed(entry, in: folder, files) { unflushed.withLock { $0.append(id) } }
        }

        // The first enqueue's flush is held: the others arrive while it waits.
        files.holdNextFlush()
        let first = Task { try await enqueue(0) }
        try await until { files.isHolding }
        let count = 8
        let others = (1...count).map { id in Task { try await enqueue(id) } }
        try await until { outbox.core.store.waitingChanges >= count }
        let flushesBefore = files.journalFlushes
        files.release()
        try await first.value
        for task in others { try await task.value }

        #expect(unflushed.withLock { $0 }.isEmpty, "returned before their record was flushed")
        let flushes = files.journalFlushes - flushesBefore
        #expect(flushes < 1 + count, "\(count) enqueues queued during a flush took \(flushes - 1) flushes")
        #expect(try await outbox.count == 1 + count)
        await outbox.close()
    }
}

extension GroupCommitTests {
    @Test func aFailedFlushUndoesEveryChangeOfItsGroupAndNothingElse() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "outbox-group-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = HoldingFileSystem()
        let queue = StoreQueue(try OutboxStore(directory: folder.path, fileSystem: files))
        let add: @Sendable () async throws(StoreError) -> StoredEntry = {
            try await queue.run { access throws(StoreError) in try access.store.add(.sample(), copying: nil) }
        }

        files.holdNextFlush()
        let first = Task { try await add() }
        try await until { files.isHolding }
        files.failNextFlush()
        let count = 4
        let group = (0..<count).map { _ in Task { try await add() } }
        try await until { queue.waitingChanges >= count }
        files.release()
        let kept = try await first.value
        for task in group {
            await #expect(throws: StoreError.self) { try await task.value }
        }
        let counts = try await queue.run { access throws(StoreError) in access.counts }
        #expect(counts == OutboxCounts(pending: 1, deadLetters: 0))
        let later = try await add()
        await queue.close()

        let reopened = try OutboxStore(directory: folder.path)
        #expect(reopened.state.pending.map(\.id) == [kept.id, later.id])
        #expect(reopened.recovery == RecoveryFindings())
    }
}

extension GroupCommitTests {
    /// The delivery loop's pass runs ahead of the changes queued with it: recording nothing and
    /// seeing only what is flushed, it returns while their flush is still under way.
    @Test func aChangeAheadThatRecordsNothingIsAcknowledgedBeforeItsGroupsFlush() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "outbox-group-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = HoldingFileSystem()
        let queue = StoreQueue(try OutboxStore(directory: folder.path, fileSystem: files))
        let add: @Sendable () async throws(StoreError) -> StoredEntry = {
            try await queue.run { access throws(StoreError) in try access.store.add(.sample(), copying: nil) }
        }

        files.holdNextFlush()
        let first = Task { try await add() }
        try await until { files.isHolding }
        // Queued while the first flush waits, behind an enqueue: the next group.
        let second = Task { try await add() }
        try await until { queue.waitingChanges >= 1 }
        let returned = Locked(false)
        let ahead = Task {
            let count = try await queue.run(ahead: true) { access throws(StoreError) in
                access.store.state.pendingCount
            }
            returned.withLock { $0 = true }
            return count
        }
        try await until { queue.waitingChanges >= 2 }
        files.holdNextFlush()
        files.release()
        _ = try await first.value
        // The second group's flush is held: the change ahead returns all the same, having seen
        // the first entry alone.
        try await until { files.isHolding }
        do {
            // Until it returns (the suite's time limit ends a wait that does not).
            try await until { returned.withLock { $0 } }
        } catch {
            files.release()
            throw error
        }
        #expect(try await ahead.value == 1)
        files.release()
        _ = try await second.value
        await queue.close()
    }
}
