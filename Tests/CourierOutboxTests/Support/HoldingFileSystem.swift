import Foundation

@testable import CourierOutbox

/// The system's file system, counting the flushes (`fsync`) of the journal, holding one of them
/// until the test lets it go or failing one; it knows how much of the journal each finished flush
/// made durable.
final class HoldingFileSystem: StoreFileSystem, @unchecked Sendable {
    // @unchecked Sendable: `state` is only touched under `condition`.
    private let base = SystemFileSystem()
    private let condition = NSCondition()
    private var state = State()

    private struct State {
        var journal: Int32?
        var written = 0
        var durable = 0
        var flushes = 0
        var holdsNext = false
        var holding = false
        var failsNext = false
    }

    /// A flush that fails.
    struct FlushFailed: Error {}

    /// The journal's flushes so far.
    var journalFlushes: Int { condition.withLock { state.flushes } }

    /// The journal's length as of its last finished flush.
    var durableJournalLength: Int { condition.withLock { state.durable } }

    /// Makes the journal's next flush wait, before it starts, until ``release()``.
    func holdNextFlush() {
        condition.withLock { state.holdsNext = true }
    }

    /// Makes the journal's next flush (after the one held, if any) fail.
    func failNextFlush() {
        condition.withLock { state.failsNext = true }
    }

    /// Whether a flush waits now.
    var isHolding: Bool { condition.withLock { state.holding } }

    /// Lets the flush held go on.
    func release() {
        condition.withLock {
            state.holding = false
            condition.broadcast()
        }
    }

    func openForAppending(_ path: String) throws -> StoreFileHandle {
        let handle = try base.openForAppending(path)
        if path.hasSuffix("/journal") {
            let length = try base.contents(of: path)?.count ?? 0
            condition.withLock {
                state.journal = handle.rawValue
                state.written = length
                state.durable = length
            }
        }
        return handle
    }

    func append(_ bytes: [UInt8], to file: StoreFileHandle) throws {
        try base.append(bytes, to: file)
        condition.withLock { if file.rawValue == state.journal { state.written += bytes.count } }
    }

    func synchronize(_ file: StoreFileHandle) throws {
        let length: Int? = condition.withLock {
            guard file.rawValue == state.journal else { return nil }
            if state.holdsNext {
                state.holdsNext = false
                state.holding = true
                while state.holding { condition.wait() }
                return state.written
            }
            if state.failsNext {
                state.failsNext = false
                return -1
            }
            return state.written
        }
        if length == -1 { throw FlushFailed() }
        try base.synchronize(file)
        if let length {
            condition.withLock {
                state.durable = length
                state.flushes += 1
            }
        }
    }

    func truncate(_ file: StoreFileHandle, to length: Int) throws {
        try base.truncate(file, to: length)
        condition.withLock { if file.rawValue == state.journal { state.written = length } }
    }

    func createDirectory(_ path: String) throws { try base.createDirectory(path) }
    func contents(of path: String) throws -> [UInt8]? { try base.contents(of: path) }
    func create(_ path: String) throws -> StoreFileHandle { try base.create(path) }
    func close(_ file: StoreFileHandle) { base.close(file) }
    func synchronizeDirectory(_ path: String) throws { try base.synchronizeDirectory(path) }
    func rename(_ source: String, to destination: String) throws { try base.rename(source, to: destination) }
    func remove(_ path: String) throws { try base.remove(path) }
    func fileNames(in directory: String) throws -> [String] { try base.fileNames(in: directory) }
}
