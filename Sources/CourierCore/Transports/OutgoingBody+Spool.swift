package import Foundation

extension OutgoingBody {
    /// The whole body in memory, a streamed one included (read asynchronously): for test doubles.
    ///
    /// - Returns: The bytes.
    /// - Throws: The file's or the stream's error.
    package func gathered() async throws -> Data {
        guard case .stream(let makeSource) = source else { return try collect() }
        let source = makeSource()
        var data = Data()
        while let chunk = try await source.next() { data.append(chunk) }
        return data
    }

    /// A streamed body (``isStreamed``) written to a temporary file, for a transport that can send
    /// only bytes or a file (`URLSession` on Linux has no usable streamed upload): memory stays
    /// flat whatever the size, at the cost of a pass through the disk.
    struct Spool: Sendable {
        /// The same body, now sent from the file, reporting progress as the original would.
        let body: OutgoingBody
        let file: URL

        /// Writes a streamed body to a temporary file, which the caller removes with ``remove()``;
        /// `nil` for a body that does not stream.
        ///
        /// A streamed body always runs in a task the call's deadline cancels, which ends the copy.
        ///
        /// - Throws: The stream's error, the file's, or `CancellationError`.
        static func write(_ body: OutgoingBody) async throws -> Spool? {
            guard case .stream(let makeSource) = body.source else { return nil }
            let file = FileManager.default.temporaryDirectory
                .appendingPathComponent("courier-upload-\(UUID().uuidString).body")
            do {
                guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                    throw CocoaError(.fileWriteUnknown)
                }
                let handle = try FileHandle(forWritingTo: file)
                defer { try? handle.close() }
                let source = makeSource()
                var written: Int64 = 0
                while let chunk = try await source.next() {
                    try Task.checkCancellation()
                    try handle.write(contentsOf: chunk)
                    written += Int64(chunk.count)
                }
                try Task.checkCancellation()
                return Spool(
                    body: OutgoingBody(source: .file(file), length: written, progress: body.progress), file: file)
            } catch {
                try? FileManager.default.removeItem(at: file)
                throw error
            }
        }

        /// Removes the temporary file.
        func remove() {
            try? FileManager.default.removeItem(at: file)
        }
    }
}
