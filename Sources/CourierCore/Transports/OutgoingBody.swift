public import Foundation

/// A request body on its way to the transport: bytes in memory, a file streamed from disk, or
/// (from an adapter such as `CourierOpenAPI`) chunks streamed from an async sequence.
///
/// The client builds it from the request's ``RequestBody``; interceptors pass it on, and may
/// replace it with ``init(_:)``. A body can be sent any number of times (redirects and retries
/// send it again): a file is read afresh each time.
///
/// Transports send ``data`` as it is, and stream a file either natively from ``fileURL`` or
/// through ``chunks(ofSize:)``; a streamed body (``isStreamed``) only through
/// ``chunks(ofSize:)``. Either way they report what went out with ``didSend(_:)``;
/// ``chunks(ofSize:)`` does that by itself as the chunks are read.
public struct OutgoingBody: Sendable {
    enum Source: Sendable {
        case data(Data)
        case file(URL)
        case stream(@Sendable () -> ChunkSource)
    }

    let source: Source

    /// The body's length in bytes; `-1` for a streamed body whose length is not known in advance
    /// (``isStreamed``), which is then sent without a `Content-Length`.
    public let length: Int64

    let progress: (@Sendable (TransferProgress) -> Void)?

    /// A body held in memory.
    ///
    /// - Parameter data: The bytes to send.
    public init(_ data: Data) {
        self.source = .data(data)
        self.length = Int64(data.count)
        self.progress = nil
    }

    init(source: Source, length: Int64, progress: (@Sendable (TransferProgress) -> Void)?) {
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

    /// Whether the body streams from an async sequence (neither ``data`` nor ``fileURL``): read it
    /// with ``chunks(ofSize:)``. Sending it again (a retry, a `307`) reads the sequence again,
    /// which fails if the sequence can be iterated only once.
    public var isStreamed: Bool {
        if case .stream = source { return true }
        return false
    }

    /// A body streamed from an async sequence of chunks, read as the transport sends it.
    ///
    /// - Parameters:
    ///   - length: The length in bytes, or `nil` when unknown.
    ///   - makeChunks: Returns the next-chunk function of a new iteration of the sequence; called
    ///     once per send.
    package init(
        length: Int64?,
        _ makeChunks: @escaping @Sendable () -> @Sendable () async throws -> Data?
    ) {
        self.source = .stream { ChunkSource(next: makeChunks()) }
        self.length = length ?? -1
        self.progress = nil
    }

    /// Whether someone follows the upload's progress; transports may skip counting when not.
    package var reportsProgress: Bool { progress != nil }

    /// Reports that `totalBytes` of the body have been sent so far.
    ///
    /// - Parameter totalBytes: The bytes sent since this send of the body began.
    public func didSend(_ totalBytes: Int64) {
        progress?(TransferProgress(completedBytes: totalBytes, expectedBytes: length >= 0 ? length : nil))
    }

    /// Reads the whole body into memory: for interceptors and test doubles that need the bytes.
    ///
    /// - Returns: The bytes.
    /// - Throws: The file's read error; `CocoaError.featureUnsupported` for a streamed body
    ///   (``isStreamed``), which can be read only asynchronously, with ``chunks(ofSize:)``.
    public func collect() throws -> Data {
        switch source {
        case .data(let data): data
        case .file(let url): try Data(contentsOf: url)
        case .stream:
            throw CocoaError(
                .featureUnsupported,
                userInfo: [NSLocalizedDescriptionKey: "A streamed request body can only be read with chunks(ofSize:)."])
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
            private var stream: ChunkSource?
            private var pending = Data()
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
                case .stream(let makeSource):
                    if stream == nil { stream = makeSource() }
                    chunk = try await nextStreamed()
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

            /// The next chunk of a streamed body, at most `size` bytes: a larger chunk is split.
            private mutating func nextStreamed() async throws -> Data? {
                if pending.isEmpty {
                    repeat {
                        guard let next = try await stream?.next() else { return nil }
                        pending = next
                    } while pending.isEmpty
                }
                guard pending.count > size else {
                    defer { pending = Data() }
                    return pending
                }
                let chunk = pending.prefix(size)
                pending = pending.dropFirst(size)
                return Data(chunk)
            }
        }
    }

    /// The next-chunk function of one iteration of a streamed body.
    package struct ChunkSource: Sendable {
        /// Returns the next chunk, or `nil` at the end.
        let next: @Sendable () async throws -> Data?
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
