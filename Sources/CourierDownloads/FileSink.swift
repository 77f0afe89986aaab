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
    /// far to `progress`, and to `hashing` if there is one (which hashes them meanwhile, on a
    /// queue of its own).
    ///
    /// A body the transport already writes to the segment (``BodySpool``) is waited for; any other
    /// body is read and written here. A failure of the transfer, or the task's cancellation, does
    /// not throw: it is returned with the bytes that made it to the file, for the download to
    /// resume after them or keep them.
    static func write(
        _ body: ResponseBody, into segment: DownloadFile.Segment, progress: (Int64) -> Void, hashing: FileHasher?
    ) async -> Written {
        let grew = hashing.map { hashing in { (written: Int64) in hashing.advance(to: segment.start + written) } }
        if segment.writtenByTransport {
            await drain(body, writtenTo: segment.spool, progress: progress, grew: grew)
        } else if body.spoolReader?.spool !== segment.spool {
            return await copy(body, to: segment.spool, progress: progress, grew: grew)
        }
        var written: Int64 = 0
        while true {
            let snapshot = await segment.spool.snapshot(after: written)
            // The bytes so far stay the download's (a kept partial download keeps them).
            if Task.isCancelled { return Written(bytes: written, failure: CancellationError()) }
            if snapshot.written > written {
                written = snapshot.written
                grew?(written)
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
    private static func drain(
        _ body: ResponseBody, writtenTo spool: BodySpool, progress: (Int64) -> Void, grew: ((Int64) -> Void)?
    ) async {
        var read: Int64 = 0
        do {
            for try await chunk in body {
                read += Int64(chunk.count)
                let written = spool.current.written
                grew?(written)
                progress(min(read, written))
            }
        } catch {
            // The transfer's failure is the spool's too; a failure of the wrapper's own ends the
            // transfer, which the spool then reports.
            if spool.current.outcome == nil { spool.finish(throwing: error) }
        }
    }

    /// Reads `body` into `spool`, reporting the bytes in the file to `grew` as they reach it.
    private static func copy(
        _ body: ResponseBody, to spool: BodySpool, progress: (Int64) -> Void, grew: ((Int64) -> Void)?
    ) async -> Written {
        var appended: Int64 = 0
        do {
            for try await chunk in body {
                guard spool.append(chunk) else { break }  // a storage error: the snapshot says so
                appended += Int64(chunk.count)
                if let grew { grew(spool.current.written) }
                progress(appended)
            }
            try Task.checkCancellation()
            spool.finish()
        } catch {
            spool.finish(throwing: error)  // writes what was gathered: the bytes to resume after
        }
        let snapshot = spool.current
        grew?(snapshot.written)
        if case .failed(let error)? = snapshot.outcome { return Written(bytes: snapshot.written, failure: error) }
        return Written(bytes: snapshot.written, failure: nil)
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
