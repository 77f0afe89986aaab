import Courier
import Foundation

@testable import CourierOutbox

/// One crash case: a seeded workload of changes against a store on a ``CrashingFileSystem`` that
/// crashes at a random operation, then the check of what the store holds when opened on what
/// the disk kept.
///
/// A workload that groups commits makes one to four changes (of different entries) at a time and
/// commits them together, as the outbox's writer does: each is acknowledged once the commit
/// returns.
struct CrashWorkload {
    let durability: StoreDurability
    let groupsCommits: Bool
    let files: BodyFiles
    private let fileSystem: CrashingFileSystem
    private var random: SeededGenerator
    /// The state every acknowledged change leaves.
    private var model = OutboxState()
    /// The state the changes made leave, acknowledged or not.
    private var made = OutboxState()
    /// The changes under way at the crash (made, not acknowledged): each one's entry, as it was
    /// and as the change leaves it.
    private var underWay: [UUID: (before: StoredEntry?, after: StoredEntry?)] = [:]
    /// How many more changes the group under way takes before its commit.
    private var groupLeft = 0
    /// The contents of file bodies, by name.
    private var bodies: [String: Data] = [:]
    /// Whether opening after the crash found damage (not merely a torn tail).
    private(set) var recoveredDamage = false

    static let directory = "/outbox"

    init(seed: UInt64, durability: StoreDurability, files: BodyFiles, groupsCommits: Bool = false) {
        self.durability = durability
        self.groupsCommits = groupsCommits
        self.files = files
        random = SeededGenerator(seed: seed)
        fileSystem = CrashingFileSystem(seed: seed ^ 0x5EED)
    }

    private func open(_ fileSystem: CrashingFileSystem) throws -> OutboxStore {
        let store = try OutboxStore(
            directory: Self.directory, fileSystem: fileSystem, durability: durability, compactionThreshold: 4096,
            now: .sample)
        store.groupsCommits = groupsCommits
        return store
    }

    /// Acknowledges the changes made: in a workload that groups commits, once a commit returns.
    private mutating func acknowledge(_ store: OutboxStore, now: Bool = false) throws {
        if groupsCommits {
            if groupLeft == 0 { groupLeft = Int.random(in: 1...4, using: &random) }
            groupLeft -= 1
            guard groupLeft == 0 || now else { return }
            groupLeft = 0
            try store.commit()
        }
        model = made
        underWay = [:]
    }

    /// Runs the workload, crashes, reopens, and returns what is wrong, if anything.
    mutating func run() -> String? {
        fileSystem.crash(afterOperations: Int.random(in: 1...400, using: &random))
        var store: OutboxStore?
        do {
            store = try open(fileSystem)
        } catch {
            if !fileSystem.hasCrashed { return "the store did not open: \(error)" }
        }
        for _ in 0..<120 {
            guard store != nil, !fileSystem.hasCrashed else { break }
            do {
                try step(&store)
            } catch {
                if !fileSystem.hasCrashed { return "a change failed without a crash: \(error)" }
            }
        }
        fileSystem.crashNow()
        let image = fileSystem.image()
        let reopened: OutboxStore
        do {
            reopened = try open(image)
        } catch {
            return "the store does not open after the crash: \(error)"
        }
        recoveredDamage = reopened.recovery.damagedBytes > 0
        return check(reopened.state, image)
    }

    private mutating func newID() -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &random) }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// A record as the store applies it: read back from its bytes.
    private static func stored(_ record: JournalRecord) -> JournalRecord {
        (try? JournalRecord(payload: record.payload[...])) ?? record
    }

    private mutating func step(_ store: inout OutboxStore?) throws {
        guard let current = store else { return }
        // An entry changes once in a group.
        let pending = made.pending.filter { underWay[$0.id] == nil }
        let dead = made.deadLetters.filter { underWay[$0.id] == nil }
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 45 || pending.isEmpty && dead.isEmpty {
            try add(to: current)
        } else if roll < 58, let entry = pending.randomElement(using: &random) {
            let failure = StoredEntry.Failure(kind: "transport", status: nil, message: "no network", network: true)
            try change(
                .failed(
                    entry.id, attempts: entry.attempts + 1, nextAttemptAt: .sample + .seconds(entry.attempts + 1),
                    failure: failure), current)
        } else if roll < 75, let entry = pending.randomElement(using: &random) {
            try change(.delivered(entry.id), current)
        } else if roll < 83, let entry = pending.randomElement(using: &random) {
            let letter = StoredEntry.DeadLetter(
                reason: 1, failure: nil, responseBody: Data("{\"error\":\"no\"}".utf8), date: .sample)
            try change(.deadLettered(entry.id, attempts: entry.attempts + 1, letter), current)
        } else if roll < 88, let entry = dead.randomElement(using: &random) {
            try change(.revived(entry.id, at: .sample + .seconds(60)), current)
        } else if roll < 93, let entry = dead.randomElement(using: &random) {
            try change(.discarded(entry.id), current)
        } else if roll >= 93 {
            try acknowledge(current, now: true)
            current.close()
            store = nil
            store = try open(fileSystem)
        }
    }

    private mutating func add(to store: OutboxStore) throws {
        let id = newID()
        let groups = ["a", "b", nil]
        var entry = StoredEntry.sample(
            id: id, group: groups[Int.random(in: 0..<3, using: &random)], size: Int.random(in: 0...900, using: &random))
        var file: URL?
        var expected = entry
        // The store numbers entries past the highest it holds (after a compaction and a reopening,
        // that may be lower than the highest it ever held).
        expected.sequence = store.state.nextSequence
        if Int.random(in: 0..<5, using: &random) == 0 {
            let index = Int.random(in: 0..<files.urls.count, using: &random)
            file = files.urls[index]
            entry.body = nil
            let name = id.uuidString + ".body"
            expected.body = .file(name: name, length: Int64(files.contents[index].count))
            bodies[name] = files.contents[index]
        }
        let record = Self.stored(.entry(expected))
        made.apply(record)
        underWay[id] = (nil, made.entries[id])
        _ = try store.add(entry, copying: file)
        try acknowledge(store)
    }

    private mutating func change(_ record: JournalRecord, _ store: OutboxStore) throws {
        let record = Self.stored(record)
        let id: UUID =
            switch record {
            case .entry(let entry): entry.id
            case .failed(let id, _, _, _), .delivered(let id), .deadLettered(let id, _, _), .revived(let id, _),
                .discarded(let id):
                id
            }
        let before = made.entries[id]
        made.apply(record)
        underWay[id] = (before, made.entries[id])
        try store.record(record)
        try acknowledge(store)
    }

    /// What is wrong with the state found after the crash, if anything.
    private func check(_ found: OutboxState, _ image: CrashingFileSystem) -> String? {
        let ids = Set(model.entries.keys).union(found.entries.keys).union(underWay.keys)
        for id in ids {
            let actual = found.entries[id]
            let allowed: [StoredEntry?] =
                if let change = underWay[id] { [change.before, change.after] } else { [model.entries[id]] }
            guard allowed.contains(actual) else {
                let expected = allowed.map { $0.map(Self.summary) ?? "absent" }.joined(separator: " or ")
                return "entry \(id.uuidString.prefix(8)) is \(actual.map(Self.summary) ?? "absent"), not \(expected)"
            }
            if let actual, case .file(let name, _)? = actual.body {
                let contents = try? image.contents(of: Self.directory + "/bodies/" + name)
                guard contents.map({ Data($0) }) == bodies[name] else {
                    return "the file body of entry \(id.uuidString.prefix(8)) is lost or cut"
                }
            }
        }
        return nil
    }

    private static func summary(_ entry: StoredEntry) -> String {
        "entry #\(entry.sequence) (\(entry.attempts) attempts\(entry.deadLetter == nil ? "" : ", dead"))"
    }
}
