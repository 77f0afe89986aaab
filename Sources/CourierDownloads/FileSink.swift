import CourierCore
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a download's body into its file (``DownloadFile``), one response at a time, and moves
/// the file to its destination once the whole body is there, and only in time.
enum FileSink {
    /// How one response's body ended in the file.
    struct Written {
        /// The bytes of it now in the file.
        var bytes: Int64
        /// Why it ended before its end; `nil` when it arrived whole.
        var failure: (any Error)?
    }

    /// Writes `body` into `segment` of the download's file, reporting the bytes of it written so
    /// far to `progress`, and hashing them with `hasher` if there is one.
    ///
    /// A body the transport already writes to the segment (``BodySpool``) is waited for; any other
    /// body is read and written here. A failure of the transfer, or the task's cancellation, does
    /// not throw: it is returned with the bytes that made it to the file, for the download to
    /// resume after them or keep them.
    ///
    /// - Throws: ``APIError/Kind/storage`` when the file cannot be read back to hash it.
    static func write(
        _ body: ResponseBody, into segment: DownloadFile.Segment, progress: (Int64) -> Void,
        hasher: inout DigestHasher?
    ) async throws -> Written {
        if segment.writtenByTransport {
            await drain(body, writtenTo: segment.spool, progress: progress)
        } else if body.spoolReader?.spool !== segment.spool {
            return try await copy(body, to: segment.spool, progress: progress, hasher: &hasher)
        }
        var reading = hasher.map { _ in HashReader(file: segment.spool.file, start: segment.start) }
        defer { reading?.close() }
        var written: Int64 = 0
        while true {
            let snapshot = await segment.spool.snapshot(after: written)
            // The bytes so far stay the download's (a kept partial download keeps them).
            if Task.isCancelled { return Written(bytes: written, failure: CancellationError()) }
            if snapshot.written > written {
                try reading?.hash(upTo: snapshot.written, into: &hasher)
                written = snapshot.written
                progress(written)
            }
            switch snapshot.outcome {
            case nil: continue
            case .finished?: return Written(bytes: written, failure: nil)
            case .failed(let error)?: return Written(bytes: written, failure: error)
            }
        }
    }

    /// Reads to its end a body a wrapping transport made from the one a transport writes to
    /// `spool`, without writing it: the bytes in the file are the transport's. Progress follows
    /// the bytes both read and in the file; how the body ended is the spool's to say.
    private static func drain(_ body: ResponseBody, writtenTo spool: BodySpool, progress: (Int64) -> Void) async {
        var read: Int64 = 0
        do {
            for try await chunk in body {
                read += Int64(chunk.count)
                progress(min(read, spool.current.written))
            }
        } catch {
            // The transfer's failure is the spool's too; a failure of the wrapper's own ends the
            // transfer, which the spool then reports.
            if spool.current.outcome == nil { spool.finish(throwing: error) }
        }
    }

    /// Reads `body` into `spool`.
    private static func copy(
        _ body: ResponseBody, to spool: BodySpool, progress: (Int64) -> Void, hasher: inout DigestHasher?
    ) async throws -> Written {
        var appended: Int64 = 0
        do {
            for try await chunk in body {
                hasher?.update(chunk)
                guard spool.append(chunk) else { break }  // a storage error: the snapshot says so
                appended += Int64(chunk.count)
                progress(appended)
            }
            try Task.checkCancellation()
            spool.finish()
        } catch {
            spool.finish(throwing: error)  // writes what was gathered: the bytes to resume after
        }
        let snapshot = spool.current
        if case .failed(let error)? = snapshot.outcome { return Written(bytes: snapshot.written, failure: error) }
        return Written(bytes: snapshot.written, failure: nil)
    }

    /// A hash of the file's first `length` bytes: the bytes a download has when a digest is to be
    /// checked over them and they were not hashed as they were written (kept from an earlier call,
    /// or received before the digest was known).
    ///
    /// - Throws: `CancellationError`, or ``APIError/Kind/storage`` when the file cannot be read.
    static func hash(
        _ file: URL, upTo length: Int64, algorithm: DigestAlgorithm
    ) async throws -> DigestHasher {
        var hasher: DigestHasher? = DigestHasher(algorithm)
        var reader = HashReader(file: file, start: 0)
        defer { reader.close() }
        var hashed: Int64 = 0
        while hashed < length {
            try Task.checkCancellation()
            hashed = min(length, hashed + 16 * Int64(SpoolReader.Chunks.readSize))
            try reader.hash(upTo: hashed, into: &hasher)
            await Task.yield()
        }
        return hasher ?? DigestHasher(algorithm)
    }

    /// Moves the download's whole file to `destination`: see ``install(_:at:scope:)``.
    static func install(_ file: DownloadFile, scope: DeadlineScope) async throws {
        try await install(file.url, at: file.destination, scope: scope)
    }

    /// Flushes a whole temporary file to disk and moves it to `destination`, on a thread of its
    /// own rather than on Swift's cooperative pool.
    ///
    /// The flush waits for the disk, and a busy disk makes it take a minute or more. On Linux the
    /// cooperative pool has one thread per core and adds none while they wait, so two downloads
    /// finishing together on a 2-core machine held the whole pool: every task in the process
    /// stopped, deadlines among them, and a download whose body FoundationNetworking writes on a
    /// thread of its own finished long after its deadline and succeeded. A serial queue of its own
    /// runs on a thread libdispatch adds for it, not on one the pool uses.
    private static func install(_ temporary: URL, at destination: URL, scope: DeadlineScope) async throws {
        let result = await withCheckedContinuation { (done: CheckedContinuation<Result<Void, any Error>, Never>) in
            DispatchQueue(label: "Courier.FileSink.install").async {
                done.resume(returning: Result { try installNow(temporary, at: destination, scope: scope) })
            }
        }
        try result.get()
    }

    /// Flushes `temporary`, then, if the deadline has not passed meanwhile, renames it over
    /// `destination` (atomically: `rename(2)`); leaves it otherwise (the download removes or keeps
    /// it). Blocks.
    private static func installNow(_ temporary: URL, at destination: URL, scope: DeadlineScope) throws {
        try storage("write the download to disk") {
            let handle = try FileHandle(forUpdating: temporary)
            defer { try? handle.close() }
            try handle.synchronize()
        }
        // The flush is the slow part; the rename that follows is at once. A late download leaves
        // the destination as it was.
        if scope.hasPassed { throw DeadlineScope.Expired() }
        // `rename(2)` replaces the destination atomically. (Foundation 6.3's
        // `FileManager.replaceItemAt` fails on Linux after removing the destination.)
        guard rename(temporary.path, destination.path) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            throw APIError(
                .storage, "Could not move the download to \(destination.path).", underlying: POSIXError(code))
        }
    }

    /// Runs a file operation, reporting its failure as ``APIError/Kind/storage``.
    private static func storage<T>(_ action: String, _ operation: () throws -> T) throws(APIError) -> T {
        do {
            return try operation()
        } catch {
            throw APIError(.storage, "Could not \(action).", underlying: error)
        }
    }
}

/// Reads back what a transport wrote to a segment, to hash it.
private struct HashReader {
    let file: URL
    /// Where the segment starts in the file.
    let start: Int64
    private var handle: FileHandle?
    /// The bytes of the segment hashed so far.
    private var hashed: Int64 = 0

    init(file: URL, start: Int64) {
        self.file = file
        self.start = start
    }

    /// Hashes the segment's bytes up to `end`.
    mutating func hash(upTo end: Int64, into hasher: inout DigestHasher?) throws(APIError) {
        do {
            let handle = try handle ?? FileHandle(forReadingFrom: file)
            self.handle = handle
            try handle.seek(toOffset: UInt64(start + hashed))
            while hashed < end {
                let count = Int(min(end - hashed, Int64(SpoolReader.Chunks.readSize)))
                guard let data = try handle.read(upToCount: count), !data.isEmpty else {
                    throw CocoaError(.fileReadUnknown)
                }
                hasher?.update(data)
                hashed += Int64(data.count)
            }
        } catch {
            throw APIError(.storage, "Could not read \(file.path).", underlying: error)
        }
    }

    func close() {
        try? handle?.close()
    }
}
