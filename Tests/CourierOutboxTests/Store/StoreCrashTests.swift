import Courier
import Foundation
import Testing

@testable import CourierOutbox

/// The store against crashes of the system, not just of the process: a `kill -9` keeps the page
/// cache, so only a file system that loses what was not flushed shows that each flush matters.
///
/// Each case runs a seeded workload of changes — enqueues (bytes and file bodies), failed
/// attempts, deliveries, dead letters, retries, discards, reopenings, compactions — against a
/// ``CrashingFileSystem`` that crashes at a random operation, then opens the store on what the
/// disk kept. Every change acknowledged (its call returned) must be there, and a change under way
/// at the crash either there or not, nothing else. `COURIER_TEST_SEED=<seed>` replays a run;
/// `COURIER_STORE_CRASH_CASES=<n>` sets the number of crashes (200; `Scripts/tsan.sh` runs 20, since
/// the workloads hold a thread of the cooperative pool while they run, for 48 s under TSan).
@Suite struct StoreCrashTests {
    static let cases =
        ProcessInfo.processInfo.environment["COURIER_STORE_CRASH_CASES"].flatMap { Int($0) }.map { max($0, 4) } ?? 200

    @Test func everyAcknowledgedChangeSurvivesACrash() throws {
        let result = try Self.run(durability: .full, cases: Self.cases)
        #expect(result.failures.isEmpty, "\(result.failures.count) of \(Self.cases) crashes lost a change: \(result)")
        #expect(result.crashes == Self.cases)
        #expect(result.damagedRecoveries == 0, "a crash of the full store leaves at most a torn tail")
    }

    @Test(arguments: [
        ("records not flushed", StoreDurability(syncsRecords: false)),
        ("directories not flushed", StoreDurability(syncsDirectories: false)),
        ("rewrites and body copies not flushed", StoreDurability(syncsRewrites: false)),
    ])
    func aStoreThatSkipsAFlushLosesChanges(_ name: String, _ durability: StoreDurability) throws {
        let result = try Self.run(durability: durability, cases: Self.cases / 4)
        print("StoreCrashTests, \(name): \(result.failures.count) of \(Self.cases / 4) crashes lost a change")
        #expect(!result.failures.isEmpty, "with \(name), no crash lost a change: the check cannot see the flush")
    }

    /// Changes made together and flushed by one commit, as the outbox's writer makes them: each
    /// is acknowledged once the commit returns. A crash may keep some of a group's records and
    /// not others (its pages written out of order): none of them was acknowledged.
    @Test func everyAcknowledgedChangeSurvivesACrashWhenChangesShareAFlush() throws {
        let result = try Self.run(durability: .full, cases: Self.cases, groupsCommits: true)
        #expect(result.failures.isEmpty, "\(result.failures.count) of \(Self.cases) crashes lost a change: \(result)")
        #expect(result.crashes == Self.cases)
    }

    @Test func aStoreThatSkipsTheFlushOfGroupedChangesLosesChanges() throws {
        let result = try Self.run(
            durability: StoreDurability(syncsRecords: false), cases: Self.cases / 4, groupsCommits: true)
        print(
            "StoreCrashTests, grouped records not flushed: \(result.failures.count) of \(Self.cases / 4) crashes lost a change"
        )
        #expect(!result.failures.isEmpty, "with grouped records not flushed, no crash lost a change")
    }

    struct Result: CustomStringConvertible {
        var crashes = 0
        var failures: [String] = []
        var damagedRecoveries = 0
        var description: String { failures.prefix(5).joined(separator: "; ") }
    }

    static func run(durability: StoreDurability, cases: Int, groupsCommits: Bool = false) throws -> Result {
        let base = SeededGenerator.baseSeed(fixed: 36)
        let files = try BodyFiles()
        var result = Result()
        for index in 0..<UInt64(cases) {
            let seed = base &+ index
            var workload = CrashWorkload(seed: seed, durability: durability, files: files, groupsCommits: groupsCommits)
            if let failure = workload.run() {
                result.failures.append("seed \(seed): \(failure)")
            }
            result.crashes += 1
            if workload.recoveredDamage { result.damagedRecoveries += 1 }
        }
        return result
    }
}

/// Real files for file bodies: the store copies them into its (crashing) folder.
final class BodyFiles: Sendable {
    let urls: [URL]
    let contents: [Data]

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "outbox-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        contents = [Data(repeating: 0x42, count: 700), Data((0..<2000).map { UInt8($0 % 251) })]
        urls = try contents.enumerated().map { index, data in
            let url = folder.appending(path: "body-\(index)")
            try data.write(to: url)
            return url
        }
    }

    deinit {
        if let folder = urls.first?.deletingLastPathComponent() { try? FileManager.default.removeItem(at: folder) }
    }
}
