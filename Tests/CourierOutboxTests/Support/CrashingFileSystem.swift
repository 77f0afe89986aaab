import Courier
import Foundation

@testable import CourierOutbox

/// A file system in memory that models what an operating system's crash (or a power cut) leaves:
/// only what was flushed is sure to survive.
///
/// Each file has the bytes a reader sees and the bytes last flushed (`synchronize`). A name
/// created, renamed or removed is sure to survive only once its directory is flushed
/// (`synchronizeDirectory`). At a crash, the image keeps every flushed byte and name; of what was
/// not flushed, it keeps a random part: none, a prefix, a prefix whose end is garbage (a torn
/// sector), or some 512-byte pages of it and not others (written out of order); and a random
/// prefix of the name changes not flushed.
///
/// `crash(afterOperations:)` makes the file system fail every operation from the n-th on, the
/// n-th itself possibly half done, as if the machine stopped there.
final class CrashingFileSystem: StoreFileSystem, @unchecked Sendable {
    // @unchecked Sendable: `state` is only touched under `lock`.
    struct Crashed: Error {}

    private struct Inode {
        var current: [UInt8] = []
        var durable: [UInt8] = []
    }

    private enum NameChange {
        case link(String, Int)
        case unlink(String)
        case rename(String, String)
    }

    private struct State {
        var inodes: [Int: Inode] = [:]
        var names: [String: Int] = [:]
        var durableNames: [String: Int] = [:]
        /// Name changes not yet flushed, with their directory, in order.
        var pending: [(directory: String, change: NameChange)] = []
        var directories: Set<String> = []
        var handles: [Int32: Int] = [:]
        var nextInode = 0
        var nextHandle: Int32 = 3
        var operations = 0
        var crashAt: Int?
        var crashed = false
    }

    private let lock = NSLock()
    private var state = State()
    private var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Fails every operation from the `count`-th mutating one on.
    func crash(afterOperations count: Int) {
        lock.withLock { state.crashAt = count }
    }

    /// Whether the file system has crashed.
    var hasCrashed: Bool { lock.withLock { state.crashed } }

    /// How many mutating operations were made.
    var operations: Int { lock.withLock { state.operations } }

    /// Stops the file system now, as a crash between two operations.
    func crashNow() {
        lock.withLock { state.crashed = true }
    }

    /// What the disk holds after the crash, as a new file system.
    func image() -> CrashingFileSystem {
        lock.withLock {
            let image = CrashingFileSystem(seed: random.next())
            var names = state.durableNames
            let kept = Int.random(in: 0...state.pending.count, using: &random)
            for (_, change) in state.pending.prefix(kept) {
                Self.apply(change, to: &names)
            }
            var inodes: [Int: Inode] = [:]
            for inode in Set(names.values) {
                guard let file = state.inodes[inode] else { continue }
                let bytes = survivor(of: file)
                inodes[inode] = Inode(current: bytes, durable: bytes)
            }
            image.state = State(
                inodes: inodes, names: names, durableNames: names, directories: state.directories,
                nextInode: state.nextInode)
            return image
        }
    }

    /// The bytes of a file that survive: the flushed ones, and some of the rest.
    private func survivor(of file: Inode) -> [UInt8] {
        guard file.current.starts(with: file.durable), file.current.count > file.durable.count else {
            // Cut or rewritten since its flush: either state may be what the disk kept.
            return Bool.random(using: &random) ? file.durable : file.current
        }
        let unflushed = Array(file.current[file.durable.count...])
        let length = Int.random(in: 0...unflushed.count, using: &random)
        var kept = Array(unflushed.prefix(length))
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            break  // a prefix
        case 1:
            // A torn sector: the end of what was kept is garbage.
            let torn = min(kept.count, Int.random(in: 1...64, using: &random))
            for index in (kept.count - torn)..<kept.count { kept[index] = UInt8.random(in: 0...255, using: &random) }
        default:
            // Pages written out of order: some are there, others zeros.
            for page in stride(from: 0, to: kept.count, by: 512) where Bool.random(using: &random) {
                for index in page..<min(page + 512, kept.count) { kept[index] = 0 }
            }
        }
        return file.durable + kept
    }

    private static func apply(_ change: NameChange, to names: inout [String: Int]) {
        switch change {
        case .link(let path, let inode): names[path] = inode
        case .unlink(let path): names[path] = nil
        case .rename(let source, let destination):
            names[destination] = names[source]
            names[source] = nil
        }
    }

    private static func directory(of path: String) -> String {
        String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    }

    /// Counts a mutating operation, and crashes at the chosen one.
    private func operation() throws -> Bool {
        guard !state.crashed else { throw Crashed() }
        state.operations += 1
        if let crashAt = state.crashAt, state.operations >= crashAt {
            state.crashed = true
            return false
        }
        return true
    }

    private func inode(of handle: StoreFileHandle) throws -> Int {
        guard let inode = state.handles[handle.rawValue] else { throw CocoaError(.fileNoSuchFile) }
        return inode
    }

    func createDirectory(_ path: String) throws {
        try lock.withLock {
            guard try operation() else { throw Crashed() }
            state.directories.insert(path)
        }
    }

    func contents(of path: String) throws -> [UInt8]? {
        try lock.withLock {
            guard !state.crashed else { throw Crashed() }
            return state.names[path].flatMap { state.inodes[$0]?.current }
        }
    }

    func openForAppending(_ path: String) throws -> StoreFileHandle {
        try lock.withLock {
            guard !state.crashed else { throw Crashed() }
            guard let inode = state.names[path] else { throw CocoaError(.fileNoSuchFile) }
            return newHandle(for: inode)
        }
    }

    private func newHandle(for inode: Int) -> StoreFileHandle {
        let handle = state.nextHandle
        state.nextHandle += 1
        state.handles[handle] = inode
        return StoreFileHandle(rawValue: handle)
    }

    func create(_ path: String) throws -> StoreFileHandle {
        try lock.withLock {
            guard try operation() else { throw Crashed() }
            let inode = state.nextInode
            state.nextInode += 1
            state.inodes[inode] = Inode()
            state.names[path] = inode
            state.pending.append((Self.directory(of: path), .link(path, inode)))
            return newHandle(for: inode)
        }
    }

    func append(_ bytes: [UInt8], to file: StoreFileHandle) throws {
        try lock.withLock {
            let inode = try inode(of: file)
            guard try operation() else {
                // Stopped part way: some of the bytes reached the page cache.
                let written = Int.random(in: 0...bytes.count, using: &random)
                state.inodes[inode]?.current += bytes.prefix(written)
                throw Crashed()
            }
            state.inodes[inode]?.current += bytes
        }
    }

    func synchronize(_ file: StoreFileHandle) throws {
        try lock.withLock {
            let inode = try inode(of: file)
            guard try operation() else { throw Crashed() }
            if let current = state.inodes[inode]?.current { state.inodes[inode]?.durable = current }
        }
    }

    func truncate(_ file: StoreFileHandle, to length: Int) throws {
        try lock.withLock {
            let inode = try inode(of: file)
            guard try operation() else { throw Crashed() }
            if let current = state.inodes[inode]?.current {
                state.inodes[inode]?.current = Array(current.prefix(length))
            }
        }
    }

    func close(_ file: StoreFileHandle) {
        lock.withLock { _ = state.handles.removeValue(forKey: file.rawValue) }
    }

    func synchronizeDirectory(_ path: String) throws {
        try lock.withLock {
            guard try operation() else { throw Crashed() }
            var remaining: [(directory: String, change: NameChange)] = []
            for pending in state.pending {
                if pending.directory == path {
                    Self.apply(pending.change, to: &state.durableNames)
                } else {
                    remaining.append(pending)
                }
            }
            state.pending = remaining
        }
    }

    func rename(_ source: String, to destination: String) throws {
        try lock.withLock {
            guard try operation() else { throw Crashed() }
            guard state.names[source] != nil else { throw CocoaError(.fileNoSuchFile) }
            Self.apply(.rename(source, destination), to: &state.names)
            state.pending.append((Self.directory(of: destination), .rename(source, destination)))
        }
    }

    func remove(_ path: String) throws {
        try lock.withLock {
            guard try operation() else { throw Crashed() }
            guard state.names[path] != nil else { return }
            state.names[path] = nil
            state.pending.append((Self.directory(of: path), .unlink(path)))
        }
    }

    func fileNames(in directory: String) throws -> [String] {
        try lock.withLock {
            guard !state.crashed else { throw Crashed() }
            return state.names.keys.filter { Self.directory(of: $0) == directory }
                .map { String($0.dropFirst(directory.count + 1)) }
        }
    }
}
