import Foundation

/// The outbox's append-only journal file: each change is a record appended, and flushed before it
/// is acknowledged — records written together share one flush (``write(_:)`` each, then
/// ``flush()``); a compaction rewrites the live entries to a new file, flushed, then renamed over
/// the old one, and the directory flushed.
///
/// Not thread-safe: the store uses it from its writer (``StoreQueue``).
final class Journal {
    let path: String
    let directory: String
    private let fileSystem: any StoreFileSystem
    private let durability: StoreDurability
    private var handle: StoreFileHandle?
    /// The journal's length in bytes.
    private(set) var size: Int
    /// The journal's length at its last flush: the records before it survive a crash.
    private(set) var flushedSize: Int

    private init(
        path: String, directory: String, fileSystem: any StoreFileSystem, durability: StoreDurability,
        handle: StoreFileHandle, size: Int
    ) {
        self.path = path
        self.directory = directory
        self.fileSystem = fileSystem
        self.durability = durability
        self.handle = handle
        self.size = size
        self.flushedSize = size
    }

    /// Opens the journal in `directory`, creating an empty one if there is none, and reads it.
    ///
    /// An unfinished last record is cut off (and counted in the scan). A journal with damage is
    /// left as it is for the store to rewrite once it has kept a copy.
    ///
    /// - Throws: ``StoreError`` of kind `damaged` for a file that is not a journal or whose
    ///   header is damaged, `unsupportedFormat` for another version; both leave the file as it is.
    static func open(
        in directory: String, fileSystem: any StoreFileSystem, durability: StoreDurability
    ) throws(StoreError) -> (Journal, JournalScan, contents: [UInt8]) {
        let path = directory + "/journal"
        // A compaction a crash interrupted before its rename: the journal is the old one, whole.
        try StoreError.io("remove an unfinished compaction") { try fileSystem.remove(path + ".compacting") }
        guard let bytes = try StoreError.io("read its journal", { try fileSystem.contents(of: path) }) else {
            // Written beside and renamed into place, like a compaction: a journal is never seen
            // without its whole header.
            let header = JournalFormat.header
            try install(header, at: path, directory: directory, fileSystem: fileSystem, durability: durability)
            let handle = try StoreError.io("open its journal") { try fileSystem.openForAppending(path) }
            let journal = Journal(
                path: path, directory: directory, fileSystem: fileSystem, durability: durability, handle: handle,
                size: header.count)
            return (journal, JournalScan(header), header)
        }
        switch JournalFormat.checkHeader(bytes) {
        case .valid: break
        case .unreadable:
            throw StoreError(
                .damaged,
                "The outbox journal at \(path) is not an outbox journal, or its header is damaged; it was "
                    + "left as it is.")
        case .unsupported(let version):
            throw StoreError(
                .unsupportedFormat,
                "The outbox journal at \(path) has format version \(version); this version of "
                    + "CourierOutbox reads version \(JournalFormat.version). It was left as it is.")
        }
        let scan = JournalScan(bytes)
        let handle = try StoreError.io("open its journal") { try fileSystem.openForAppending(path) }
        let journal = Journal(
            path: path, directory: directory, fileSystem: fileSystem, durability: durability, handle: handle,
            size: bytes.count)
        if scan.tornTailBytes > 0 {
            try StoreError.io("cut an unfinished record off its journal") {
                try fileSystem.truncate(handle, to: scan.end)
                try fileSystem.synchronize(handle)
            }
            journal.size = scan.end
            journal.flushedSize = scan.end
        }
        return (journal, scan, bytes)
    }

    /// Appends a record and, unless told not to, flushes it: once this returns, the record
    /// survives a crash of the process or of the system.
    func append(_ payload: [UInt8]) throws(StoreError) {
        try write(payload)
        try flush()
    }

    /// Writes a record after the others, not flushed: it survives a crash only once ``flush()``
    /// returns.
    ///
    /// A failed write is undone (the file cut back to its length before it) so that no partial
    /// record is left for later records to follow; if even that fails, the journal takes no more
    /// records until it is opened again.
    func write(_ payload: [UInt8]) throws(StoreError) {
        guard let handle else { throw StoreError(.io, "The outbox journal failed earlier and takes no more changes.") }
        let frame = JournalFormat.frame(payload)
        do {
            try fileSystem.append(frame, to: handle)
            size += frame.count
        } catch {
            cut(handle, to: size)
            throw StoreError(.io, "The outbox could not write to its journal.", underlying: error)
        }
    }

    /// Flushes the records written since the last flush (one `fsync` for them all), unless the
    /// store is told not to: once this returns, they survive a crash of the process or of the
    /// system.
    ///
    /// When the flush fails, those records are undone (the file cut back to its length at the
    /// last flush): none of them is acknowledged; if even that fails, the journal takes no more
    /// records until it is opened again.
    func flush() throws(StoreError) {
        guard size > flushedSize else { return }
        guard let handle else { throw StoreError(.io, "The outbox journal failed earlier and takes no more changes.") }
        do {
            if durability.syncsRecords { try fileSystem.synchronize(handle) }
            flushedSize = size
        } catch {
            cut(handle, to: flushedSize)
            size = flushedSize
            throw StoreError(.io, "The outbox could not flush its journal.", underlying: error)
        }
    }

    /// Cuts the file back to `length` after a failed write or flush, or gives it up.
    private func cut(_ handle: StoreFileHandle, to length: Int) {
        do {
            try fileSystem.truncate(handle, to: length)
        } catch {
            fileSystem.close(handle)
            self.handle = nil
        }
    }

    /// Replaces the journal with one holding `records`: written to a new file and flushed,
    /// renamed over the journal, and the directory flushed. A crash at any point leaves either
    /// the old journal or the new one, whole.
    func replace(with records: [JournalRecord]) throws(StoreError) {
        var bytes = JournalFormat.header
        for record in records { bytes += JournalFormat.frame(record.payload) }
        try Self.install(bytes, at: path, directory: directory, fileSystem: fileSystem, durability: durability)
        if let handle { fileSystem.close(handle) }
        handle = nil
        handle = try StoreError.io("open its journal") { try fileSystem.openForAppending(path) }
        size = bytes.count
        flushedSize = bytes.count
    }

    deinit {
        close()
    }

    /// Closes the file.
    func close() {
        if let handle { fileSystem.close(handle) }
        handle = nil
    }

    /// Puts a file with `bytes` at `path`: written whole beside it and flushed, renamed over it,
    /// and the directory flushed. A crash at any point leaves the old file or the new one, whole.
    static func install(
        _ bytes: [UInt8], at path: String, directory: String, fileSystem: any StoreFileSystem,
        durability: StoreDurability
    ) throws(StoreError) {
        let temporary = path + ".compacting"
        try StoreError.io("write \(path)") {
            let file = try fileSystem.create(temporary)
            defer { fileSystem.close(file) }
            try fileSystem.append(bytes, to: file)
            if durability.syncsRewrites { try fileSystem.synchronize(file) }
        }
        try StoreError.io("replace \(path)") {
            try fileSystem.rename(temporary, to: path)
            if durability.syncsDirectories { try fileSystem.synchronizeDirectory(directory) }
        }
    }
}
