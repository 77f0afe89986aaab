import Courier
import Foundation
import Testing

@testable import CourierOutbox

/// The journal's format: records read back as written, and a journal a crash or the disk damaged
/// is found out on opening — cut, or kept as found and salvaged — never silently read short.
@Suite struct JournalTests {
    let folder = FileManager.default.temporaryDirectory.appending(path: "outbox-journal-\(UUID().uuidString)")
    var path: String { folder.path }

    /// A store holding three entries, its journal's bytes, and where each record starts.
    func storeWithThreeEntries() throws -> (entries: [StoredEntry], bytes: [UInt8], starts: [Int]) {
        let store = try OutboxStore(directory: path)
        var starts: [Int] = []
        var entries: [StoredEntry] = []
        for index in 0..<3 {
            starts.append(store.journalSize)
            entries.append(try store.add(.sample(size: 100 + index), copying: nil))
        }
        store.close()
        let bytes = try #require(try SystemFileSystem().contents(of: path + "/journal"))
        return (entries, bytes, starts)
    }

    @Test func everyRecordReadsBackAsWritten() throws {
        let id = UUID()
        let failure = StoredEntry.Failure(kind: "timeout", status: nil, message: "The call timed out.", network: true)
        let letter = StoredEntry.DeadLetter(
            reason: 1, failure: StoredEntry.Failure(kind: "", status: 422, message: "no", network: false),
            responseBody: Data("{}".utf8), date: .sample)
        var entry = StoredEntry.sample(id: id, group: "note-1")
        entry.body = .file(name: "x.body", length: 12)
        entry.baseURL = "https://api.example.com/v2"
        let records: [JournalRecord] = [
            .entry(.sample()), .entry(entry), .failed(id, attempts: 3, nextAttemptAt: .sample, failure: failure),
            .delivered(id), .deadLettered(id, attempts: 2, letter), .revived(id, at: .sample), .discarded(id),
        ]
        for record in records {
            #expect(try JournalRecord(payload: record.payload[...]) == record)
        }
    }

    static let statusSets: [StatusCodes] = {
        let retryable: StatusCodes = [408, 409, 429]
        let every = StatusCodes.informational.union(.successful).union(.redirection).union(.clientError)
        let edges: StatusCodes = [100, 163, 164, 227, 228, 599]
        return [
            .successful, retryable.union(.serverError), [200], [], StatusCodes.informational.union(.serverError),
            every.union(.serverError), edges,
        ]
    }()

    @Test(arguments: statusSets)
    func aSetOfStatusesReadsBackAsWritten(_ codes: StatusCodes) throws {
        var writer = BinaryWriter()
        writer.write(codes)
        var reader = BinaryReader(writer.bytes[...])
        #expect(try reader.statusCodes() == codes)
        #expect(reader.isAtEnd)
        #expect(codes.codeRuns.count <= 6, "kept as runs: \(codes.codeRuns)")
    }

    @Test func aStoreReopensWithItsEntries() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (entries, _, _) = try storeWithThreeEntries()
        let reopened = try OutboxStore(directory: path)
        #expect(reopened.state.pending == entries)
        #expect(reopened.recovery == RecoveryFindings())
    }

    @Test func anUnfinishedLastRecordIsCutOffAndReported() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (entries, bytes, starts) = try storeWithThreeEntries()
        for cut in [starts[2] + 3, starts[2] + 8, bytes.count - 1] {
            try Data(bytes[..<cut]).write(to: folder.appending(path: "journal"))
            let reopened = try OutboxStore(directory: path)
            #expect(reopened.state.pending == Array(entries.prefix(2)))
            #expect(reopened.recovery.tornTailBytes == cut - starts[2])
            #expect(reopened.recovery.damagedBytes == 0)
            #expect(reopened.journalSize == starts[2], "the unfinished record is cut off the file")
            reopened.close()
        }
    }

    @Test func aDamagedRecordInTheMiddleIsReportedAndTheRestKept() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (entries, bytes, starts) = try storeWithThreeEntries()
        var damaged = bytes
        damaged[starts[1] + 20] ^= 0xFF
        try Data(damaged).write(to: folder.appending(path: "journal"))
        let reopened = try OutboxStore(directory: path)
        #expect(reopened.state.pending == [entries[0], entries[2]])
        #expect(reopened.recovery.damagedRegions == 1)
        #expect(reopened.recovery.damagedBytes == starts[2] - starts[1])
        let copy = try #require(reopened.recovery.preservedJournal)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(damaged), "the journal is kept as found")
        reopened.close()
        let again = try OutboxStore(directory: path)
        #expect(again.state.pending == [entries[0], entries[2]])
        #expect(again.recovery.damagedBytes == 0, "the journal was rewritten clean")
    }

    @Test func aChangeToAnEntryLostToDamageIsCounted() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try OutboxStore(directory: path)
        let lost = try store.add(.sample(), copying: nil)
        let lostStart = JournalFormat.headerLength
        let kept = try store.add(.sample(), copying: nil)
        try store.record(.delivered(lost.id))
        store.close()
        var bytes = try #require(try SystemFileSystem().contents(of: path + "/journal"))
        bytes[lostStart + 30] ^= 0x01
        try Data(bytes).write(to: folder.appending(path: "journal"))
        let reopened = try OutboxStore(directory: path)
        #expect(reopened.state.pending == [kept])
        #expect(reopened.recovery.unmatchedRecords == 1)
    }

    @Test func aJournalOfAnotherVersionIsRefusedAndLeftAsItIs() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var (_, bytes, _) = try storeWithThreeEntries()
        bytes[8] = 2  // version 2
        let checksum = CRC32.checksum(bytes[0..<12])
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(12..<16, with: $0) }
        try Data(bytes).write(to: folder.appending(path: "journal"))
        #expect {
            try OutboxStore(directory: path)
        } throws: { error in
            (error as? StoreError)?.kind == .unsupportedFormat
        }
        #expect(try Data(contentsOf: folder.appending(path: "journal")) == Data(bytes))
    }

    @Test func aFileThatIsNotAJournalIsRefusedAndLeftAsItIs() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = Data("not a journal at all".utf8)
        try text.write(to: folder.appending(path: "journal"))
        #expect {
            try OutboxStore(directory: path)
        } throws: { error in
            (error as? StoreError)?.kind == .damaged
        }
        #expect(try Data(contentsOf: folder.appending(path: "journal")) == text)
    }

    @Test func aSpentJournalIsCompactedToItsLiveEntries() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try OutboxStore(directory: path, compactionThreshold: 8 * 1024)
        var live: [StoredEntry] = []
        for index in 0..<200 {
            let entry = try store.add(.sample(size: 200), copying: nil)
            if index % 50 == 0 { live.append(entry) } else { try store.record(.delivered(entry.id)) }
        }
        #expect(store.journalSize < 16 * 1024, "200 entries of 200 bytes, 196 delivered, fit in 16 KiB")
        store.close()
        let reopened = try OutboxStore(directory: path)
        #expect(reopened.state.pending == live)
    }

    @Test func theJournalCRCIsZlibs() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}
