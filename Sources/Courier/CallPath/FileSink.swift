import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a download's body to its destination through a temporary file beside it, which
/// replaces the destination only once the whole body is there, and only in time.
enum FileSink {
    /// Writes `body` to `destination`, reporting the bytes written so far to `progress`.
    ///
    /// A body the transport already writes to a file beside `destination` (``BodySpool``) is
    /// waited for and renamed into place; any other body is read and written here. The file
    /// replaces `destination` only if `scope`'s deadline has not passed once it is on disk.
    ///
    /// - Throws: The body's failure, ``APIError/Kind/storage``, `CancellationError`, or
    ///   ``DeadlineScope/Expired`` when the time ran out before the file could replace the
    ///   destination (nothing is left then).
    static func write(
        _ body: ResponseBody, to destination: URL, progress: (@Sendable (TransferProgress) -> Void)?,
        scope: DeadlineScope
    ) async throws {
        guard let reader = body.spoolReader else {
            return try await copy(body.reportingProgress(to: progress), to: destination, scope: scope)
        }
        let expected = body.expectedLength.map(Int64.init)
        var written: Int64 = 0
        while true {
            let snapshot = await reader.spool.snapshot(after: written)
            try Task.checkCancellation()
            if snapshot.written > written {
                written = snapshot.written
                progress?(TransferProgress(completedBytes: written, expectedBytes: expected))
            }
            if snapshot.outcome != nil { break }
        }
        try await install(reader.spool.take(), at: destination, scope: scope)  // throws the body's failure
    }

    /// Reads `body` into a spool beside `destination`, then moves its file into place.
    private static func copy(_ body: ResponseBody, to destination: URL, scope: DeadlineScope) async throws {
        let spool = try BodySpool(beside: destination)  // removes its file unless it is taken
        for try await chunk in body {
            guard spool.append(chunk) else { break }  // a storage error: `take` throws it
        }
        try Task.checkCancellation()
        spool.finish()
        try await install(spool.take(), at: destination, scope: scope)
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
    /// `destination` (atomically: `rename(2)`); removes it otherwise. Blocks.
    private static func installNow(_ temporary: URL, at destination: URL, scope: DeadlineScope) throws {
        defer { try? FileManager.default.removeItem(at: temporary) }  // nothing left unless moved
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
