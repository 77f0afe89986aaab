public import Foundation

/// A request body on its way to the transport: bytes in memory, or a file streamed from disk.
///
/// The client builds it from the request's ``RequestBody``; interceptors pass it on, and may
/// replace it with ``init(_:)``. A body can be sent any number of times (redirects and retries
/// send it again): a file is read afresh each time.
///
/// Transports send ``data`` as it is, and stream a file either natively from ``fileURL`` or
/// through ``chunks(ofSize:)``. Either way they report what went out with ``didSend(_:)``;
/// ``chunks(ofSize:)`` does that by itself as the chunks are read.
public struct OutgoingBody: Sendable {
    private enum Source: Sendable {
        case data(Data)
        case file(URL)
    }

    private let source: Source

    /// The body's length in bytes.
    public let length: Int64

    private let progress: (@Sendable (TransferProgress) -> Void)?

    /// A body held in memory.
    ///
    /// - Parameter data: The bytes to send.
    public init(_ data: Data) {
        self.source = .data(data)
        self.length = Int64(data.count)
        self.progress = nil
    }

    private init(source: Source, length: Int64, progress: (@Sendable (TransferProgress) -> Void)?) {
        self.source = source
        self.length = length
        self.progress = progress
    }

    /// A body streamed from a file, which must exist and be readable; its length is taken now.
    ///
    /// - Parameter url: A file URL.
    /// - Returns: The body.
    /// - Throws: ``APIError/Kind/storage`` when the file cannot be read.
    public static func file(_ url: URL) throws(APIError) -> OutgoingBody {
        do {
            guard url.isFileURL else { throw CocoaError(.fileReadUnsupportedScheme) }
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw CocoaError(.fileReadUnknown)
            }
            guard FileManager.default.isReadableFile(atPath: url.path) else { throw CocoaError(.fileReadNoPermission) }
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
            return OutgoingBody(source: .file(url), length: size, progress: nil)
        } catch {
            throw APIError(.storage, "The file to upload, \(url.path), cannot be read.", underlying: error)
        }
    }

    /// The bytes, when the body is in memory; `nil` for a file.
    public var data: Data? {
        if case .data(let data) = source { return data }
        return nil
    }

    /// The file, when the body streams from one; `nil` for bytes in memory.
    public var fileURL: URL? {
        if case .file(let url) = source { return url }
        return nil
    }

    /// Whether someone follows the upload's progress; transports may skip counting when not.
    public var reportsProgress: Bool { progress != nil }

    /// Reports that `totalBytes` of the body have been sent so far.
    ///
    /// - Parameter totalBytes: The bytes sent since this send of the body began.
    public func didSend(_ totalBytes: Int64) {
        progress?(TransferProgress(completedBytes: totalBytes, expectedBytes: length))
    }

    /// Reads the whole body into memory: for interceptors and test doubles that need the bytes.
    ///
    /// - Returns: The bytes.
    /// - Throws: The file's read error.
    public func collect() throws -> Data {
        switch source {
        case .data(let data): data
        case .file(let url): try Data(contentsOf: url)
        }
    }

    /// The body in chunks, read from disk as they are asked for, reporting progress with each.
    ///
    /// - Parameter size: The most bytes in a chunk.
    /// - Returns: The chunks, in order.
    public func chunks(ofSize size: Int = 64 * 1024) -> Chunks {
        Chunks(body: self, size: max(1, size))
    }

    /// This body, reporting progress to `progress` as it is sent.
    func reportingProgress(to progress: (@Sendable (TransferProgress) -> Void)?) -> OutgoingBody {
        guard let progress else { return self }
        return OutgoingBody(source: source, length: length, progress: progress)
    }

    /// A body's chunks: an `AsyncSequence` that can be iterated once per send.
    public struct Chunks: AsyncSequence, Sendable {
        /// A chunk of the body.
        public typealias Element = Data

        let body: OutgoingBody
        let size: Int

        /// Creates an iterator; a file is opened on its first `next()`.
        public func makeAsyncIterator() -> Iterator {
            Iterator(body: body, size: size)
        }

        /// Reads a body's chunks.
        public struct Iterator: AsyncIteratorProtocol {
            let body: OutgoingBody
            let size: Int
            private var sent: Int64 = 0
            private var reader: FileReader?
            private var finished = false

            init(body: OutgoingBody, size: Int) {
                self.body = body
                self.size = size
            }

            /// The next chunk, or `nil` at the end.
            ///
            /// - Throws: The file's read error, or `CancellationError`.
            public mutating func next() async throws -> Data? {
                guard !finished else { return nil }
                try Task.checkCancellation()
                let chunk: Data?
                switch body.source {
                case .data(let data):
                    let start = data.startIndex + Int(sent)
                    chunk = start < data.endIndex ? data[start..<Swift.min(data.endIndex, start + size)] : nil
                case .file(let url):
                    if reader == nil { reader = try FileReader(url: url) }
                    chunk = try reader?.read(upTo: size)
                }
                guard let chunk, !chunk.isEmpty else {
                    finished = true
                    reader = nil
                    return nil
                }
                sent += Int64(chunk.count)
                body.didSend(sent)
                return chunk
            }
        }
    }
}

/// An open file, closed when the last reference goes away.
final class FileReader {
    private let handle: FileHandle

    init(url: URL) throws {
        handle = try FileHandle(forReadingFrom: url)
    }

    func read(upTo count: Int) throws -> Data? {
        try handle.read(upToCount: count)
    }

    deinit {
        try? handle.close()
    }
}

@available(*, unavailable)
extension OutgoingBody.Chunks.Iterator: Sendable {}
