import Courier
import Foundation
import Testing

@testable import CourierOutbox

/// A delivery's outcome waits for those of the other deliveries under way, to share their flush:
/// not made meanwhile (a pass ahead sees only what is flushed), and never acknowledged before its
/// flush. The delay is long here (30 s), so that what ends the wait is what the test does.
@Suite(.timeLimit(.minutes(1))) struct CommitDelayTests {
    final class Fixture: Sendable {
        let folder = FileManager.default.temporaryDirectory.appending(path: "outbox-delay-\(UUID().uuidString)")
        let files = HoldingFileSystem()
        let queue: StoreQueue
        let entries: [StoredEntry]

        /// A queue holding `count` entries, all claimed (being delivered).
        init(claiming count: Int) async throws {
            queue = StoreQueue(try OutboxStore(directory: folder.path, fileSystem: files), commitDelay: .seconds(30))
            var entries: [StoredEntry] = []
            for _ in 0..<count {
                entries.append(
                    try await queue.run { access throws(StoreError) in try access.store.add(.sample(), copying: nil) })
            }
            let ids = entries.map(\.id)
            try await queue.run { access throws(StoreError) in access.claimed.formUnion(ids) }
            self.entries = entries
        }

        /// Records that `entry` was delivered, as a delivery does; `done` says when it returned.
        func deliver(_ entry: StoredEntry, done: Locked<Bool>) -> Task<Void, any Error> {
            let queue = queue
            return Task {
                try await queue.run(waits: true) { access throws(StoreError) in
                    try access.store.record(.delivered(entry.id))
                    access.claimed.remove(entry.id)
                }
                done.withLock { $0 = true }
            }
        }

        /// Waits until the writer holds an outcome back; `false` after 10 s.
        func held() async throws -> Bool {
            let deadline = ContinuousClock.now + .seconds(10)
            while queue.heldChanges < 1 {
                guard ContinuousClock.now < deadline else { return false }
                try await Task.sleep(for: .milliseconds(1))
            }
            return true
        }

        func close() async {
            await queue.close()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    @Test func anOutcomeWaitsForTheOtherDeliveryUnderWayAndBothShareOneFlush() async throws {
        let fixture = try await Fixture(claiming: 2)
        let flushesBefore = fixture.files.journalFlushes
        let (firstDone, secondDone) = (Locked(false), Locked(false))
        let first = fixture.deliver(fixture.entries[0], done: firstDone)
        try #require(await fixture.held(), "the outcome was not held back")

        // A pass ahead runs at once, and sees the held outcome not made.
        let pending = try await fixture.queue.run(ahead: true) { access throws(StoreError) in
            access.store.state.pendingCount
        }
        #expect(pending == 2)
        try await Task.sleep(for: .milliseconds(50))
        #expect(!firstDone.withLock { $0 })
        #expect(fixture.files.journalFlushes == flushesBefore)

        // The other delivery's outcome: every delivery under way has its outcome held.
        let second = fixture.deliver(fixture.entries[1], done: secondDone)
        try await first.value
        try await second.value
        #expect(fixture.files.journalFlushes == flushesBefore + 1)
        let journal = [UInt8](try Data(contentsOf: fixture.folder.appending(path: "journal")))
        #expect(fixture.files.durableJournalLength == journal.count)
        let counts = try await fixture.queue.run { access throws(StoreError) in access.counts }
        #expect(counts.pending == 0)
        await fixture.close()
    }

    @Test func aChangeThatDoesNotWaitEndsTheWaitAndIsMadeAfterTheOutcome() async throws {
        let fixture = try await Fixture(claiming: 2)
        let flushesBefore = fixture.files.journalFlushes
        let done = Locked(false)
        let outcome = fixture.deliver(fixture.entries[0], done: done)
        try #require(await fixture.held(), "the outcome was not held back")
        let added = try await fixture.queue.run { access throws(StoreError) in
            try access.store.add(.sample(), copying: nil)
        }
        try await outcome.value
        #expect(fixture.files.journalFlushes == flushesBefore + 1)
        let order = try await fixture.queue.run { access throws(StoreError) in access.store.state.pending.map(\.id) }
        #expect(order == [fixture.entries[1].id, added.id])
        await fixture.close()
    }

    @Test func anOutcomeWithNoOtherDeliveryUnderWayIsNotHeld() async throws {
        let fixture = try await Fixture(claiming: 1)
        let flushesBefore = fixture.files.journalFlushes
        let started = ContinuousClock.now
        try await fixture.deliver(fixture.entries[0], done: Locked(false)).value
        // Not after the delay (30 s).
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(fixture.files.journalFlushes == flushesBefore + 1)
        await fixture.close()
    }
}
