package import Foundation

/// The client's hold on a ``BodySpool``: what a spooled ``ResponseBody`` carries. When the last
/// body holding it goes away — the download ended, the caller stopped reading, the deadline
/// passed — the spool takes no more chunks and the transfer is cancelled (the download that owns
/// the file removes or keeps it).
package final class SpoolReader: Sendable {
    package let spool: BodySpool
    private let stopTransfer: @Sendable () -> Void

    /// - Parameters:
    ///   - spool: The spool the body is written to.
    ///   - stopTransfer: Stops the transfer writing to it; called when the reader goes away, and
    ///     must do nothing once the transfer has ended.
    init(_ spool: BodySpool, stopTransfer: @escaping @Sendable () -> Void) {
        self.spool = spool
        self.stopTransfer = stopTransfer
    }

    deinit {
        spool.release()
        stopTransfer()
    }

    /// Reads the body back from the file as it grows.
    package struct Chunks: AsyncIteratorProtocol {
        /// The most bytes one read returns.
        package static let readSize = 1 << 20

        let reader: SpoolReader
        private var handle: FileHandle?
        private var offset: Int64 = 0

        init(_ reader: SpoolReader) {
            self.reader = reader
        }

        /// The next chunk once it is in the file; `nil` at the end of a whole body.
        ///
        /// - Throws: The transfer's error once the bytes before it are read, ``APIError/Kind/storage``
        ///   when the file cannot be read, or `CancellationError`.
        package mutating func next() async throws -> Data? {
            while true {
                let snapshot = await reader.spool.snapshot(after: offset)
                try Task.checkCancellation()
                if snapshot.written > offset {
                    return try read(upTo: min(snapshot.written - offset, Int64(Self.readSize)))
                }
                switch snapshot.outcome {
                case .finished: return nil
                case .failed(let error): throw error
                case nil: continue
                }
            }
        }

        private mutating func read(upTo count: Int64) throws(APIError) -> Data {
            let file = reader.spool.file
            do {
                let handle = try handle ?? FileHandle(forReadingFrom: file)
                self.handle = handle
                try handle.seek(toOffset: UInt64(reader.spool.base + offset))
                guard let data = try handle.read(upToCount: Int(count)), !data.isEmpty else {
                    throw CocoaError(.fileReadUnknown)
                }
                offset += Int64(data.count)
                return data
            } catch {
                throw APIError(.storage, "Could not read \(file.path).", underlying: error)
            }
        }
    }
}
