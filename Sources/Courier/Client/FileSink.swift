import Foundation

/// Writes a download's body to its destination through a temporary file beside it, which
/// replaces the destination only once the whole body is there.
enum FileSink {
    /// A new temporary file name beside `destination`: hidden, and ending in `.download`.
    static func temporaryURL(beside destination: URL) -> URL {
        destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
    }

    /// Writes `body` to `destination`, reporting the bytes written so far to `progress`.
    ///
    /// A body the transport already writes to a file beside `destination` (``BodySpool``) is
    /// waited for and renamed into place; any other body is read and written here.
    static func write(
        _ body: ResponseBody, to destination: URL, progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws {
        guard let reader = body.spoolReader else {
            return try await copy(body.reportingProgress(to: progress), to: destination)
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
        try install(reader.spool.take(), at: destination)  // throws the body's failure, if it failed
    }

    /// Reads `body` into a spool beside `destination`, then moves its file into place.
    private static func copy(_ body: ResponseBody, to destination: URL) async throws {
        let spool = try BodySpool(beside: destination)  // removes its file unless it is taken
        for try await chunk in body {
            guard spool.append(chunk) else { break }  // a storage error: `take` throws it
        }
        try Task.checkCancellation()
        spool.finish()
        try install(spool.take(), at: destination)
    }

    /// Flushes a whole temporary file to disk and moves it to `destination`, replacing any file
    /// there; removes it when that fails.
    private static func install(_ temporary: URL, at destination: URL) throws(APIError) {
        defer { try? FileManager.default.removeItem(at: temporary) }  // nothing left once moved
        try storage("move the download to \(destination.path)") {
            let handle = try FileHandle(forUpdating: temporary)
            defer { try? handle.close() }
            try handle.synchronize()
            let manager = FileManager.default
            if manager.fileExists(atPath: destination.path) {
                _ = try manager.replaceItemAt(destination, withItemAt: temporary)
            } else {
                try manager.moveItem(at: temporary, to: destination)
            }
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
