import Foundation

/// Writes a download's body to its destination through a temporary file beside it, which
/// replaces the destination only once the whole body is there.
enum FileSink {
    static let writeSize = 1 << 20

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
            switch snapshot.outcome {
            case .finished: break
            case .failed(let error): throw error
            case nil: continue
            }
            break
        }
        guard let file = reader.spool.take() else { throw CancellationError() }
        do {
            try install(file, at: destination)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }

    /// Reads `body` into a temporary file beside `destination`, then moves it into place.
    private static func copy(_ body: ResponseBody, to destination: URL) async throws {
        let temporary = temporaryURL(beside: destination)
        let handle = try storage("create \(temporary.path)") {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown)
            }
            return try FileHandle(forWritingTo: temporary)
        }
        do {
            defer { try? handle.close() }
            // Small chunks (URLSession delivers 16 KiB at a time on Linux) are gathered into
            // writes of up to 1 MiB: one system call instead of sixty-four keeps the disk ahead of
            // the network, so fewer chunks wait in memory.
            var pending = Data()
            for try await chunk in body {
                if pending.isEmpty, chunk.count >= FileSink.writeSize {
                    try storage("write \(temporary.path)") { try handle.write(contentsOf: chunk) }
                    continue
                }
                pending.append(chunk)
                if pending.count >= FileSink.writeSize {
                    try storage("write \(temporary.path)") { try handle.write(contentsOf: pending) }
                    pending.removeAll(keepingCapacity: true)
                }
            }
            if !pending.isEmpty {
                try storage("write \(temporary.path)") { try handle.write(contentsOf: pending) }
            }
            try Task.checkCancellation()
            try install(temporary, at: destination)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Flushes a whole temporary file to disk and moves it to `destination`, replacing any file
    /// there.
    private static func install(_ temporary: URL, at destination: URL) throws(APIError) {
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
