public import Foundation

/// A response body: either already in memory, or a stream of chunks arriving from the transport
/// (for a download over ``URLSessionTransport``, read back from the file it is written to).
///
/// Interceptors see buffered bodies on ordinary calls; read them with ``bufferedData``. A body
/// can be iterated once.
public struct ResponseBody: AsyncSequence, Sendable {
    /// A chunk of the body.
    public typealias Element = Data

    /// The length the server announced (`Content-Length`), if any.
    public let expectedLength: Int?

    /// The HTTP version of the exchange, as HAR writes it (`HTTP/1.1`, `HTTP/2.0`), where the
    /// transport knows it; a cassette records it.
    package var httpVersion: String?

    private let storage: Storage
    /// Whether a transport already counted the body against the client's limit
    /// (``TransportContext/bodyLimit``) as it read it: the client does not count it again.
    private var metered = false

    private enum Storage: Sendable {
        case buffered(Data)
        case stream(@Sendable () -> AsyncIterator)
        case spooled(SpoolReader)
        case failed(any Error)
    }

    /// A body that is already in memory.
    ///
    /// - Parameter data: The whole body.
    public init(_ data: Data) {
        self.expectedLength = data.count
        self.storage = .buffered(data)
    }

    /// A body a transport read into memory through a ``BodyMeter`` set to the client's limit.
    init(metered data: Data) {
        self.init(data)
        metered = true
    }

    /// A body streamed from an async sequence of chunks.
    ///
    /// - Parameters:
    ///   - chunks: The chunks, in order. Iterated at most once.
    ///   - expectedLength: The announced length, if any.
    public init<Chunks: AsyncSequence & Sendable>(
        _ chunks: Chunks,
        expectedLength: Int? = nil
    ) where Chunks.Element == Data {
        self.expectedLength = expectedLength
        self.storage = .stream {
            let box = IteratorBox(chunks.makeAsyncIterator())
            return AsyncIterator { try await box.next() }
        }
    }

    /// A body a transport writes to a file as it arrives (a download over ``URLSessionTransport``).
    ///
    /// - Parameters:
    ///   - reader: The hold on the spool.
    ///   - expectedLength: The announced length, if any.
    init(spooledBy reader: SpoolReader, expectedLength: Int?) {
        self.expectedLength = expectedLength
        self.storage = .spooled(reader)
    }

    /// A body that failed after the head arrived: reading it throws `error`.
    ///
    /// A transport returns it with the head when the body cannot be read — the connection dropped
    /// or the content coding is corrupt — so that the client reports the failure with the
    /// response it belongs to (and a retry knows the server may have acted).
    ///
    /// - Parameter error: What reading the body throws.
    public init(failure error: any Error) {
        self.expectedLength = nil
        self.storage = .failed(error)
    }

    /// A body a transport stopped reading because it passed ``TransportContext/bodyLimit``: the
    /// client fails the call with ``APIError/Kind/bodyTooLarge``.
    ///
    /// - Parameter announcedLength: The `Content-Length` the server announced, when that is what
    ///   passed the limit.
    /// - Returns: The body.
    public static func exceedingLimit(announcedLength: Int?) -> ResponseBody {
        ResponseBody(failure: BodyLimitExceeded(limit: .max, reason: announcedLength.map { .announced($0) } ?? .limit))
    }

    /// The whole body, when it is already in memory; `nil` for a body still streaming.
    public var bufferedData: Data? {
        if case .buffered(let data) = storage { return data }
        return nil
    }

    /// The spool the body is written to, when a transport writes it to a file as it arrives.
    package var spoolReader: SpoolReader? {
        if case .spooled(let reader) = storage { return reader }
        return nil
    }

    /// Creates an iterator over the body's chunks.
    public func makeAsyncIterator() -> AsyncIterator {
        switch storage {
        case .buffered(let data):
            var pending: Data? = data.isEmpty ? nil : data
            return AsyncIterator {
                defer { pending = nil }
                return pending
            }
        case .stream(let makeIterator):
            return makeIterator()
        case .spooled(let reader):
            let box = IteratorBox(SpoolReader.Chunks(reader))
            return AsyncIterator { try await box.next() }
        case .failed(let error):
            return AsyncIterator { throw error }
        }
    }

    /// Iterates a ``ResponseBody``'s chunks.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let nextChunk: () async throws -> Data?

        fileprivate init(_ nextChunk: @escaping () async throws -> Data?) {
            self.nextChunk = nextChunk
        }

        /// The next chunk, or `nil` at the end of the body.
        ///
        /// - Throws: The transport's error, or `CancellationError` when the task was cancelled
        ///   (some streams end quietly on cancellation; a cut-short body must not look whole).
        public mutating func next() async throws -> Data? {
            guard let chunk = try await nextChunk() else {
                try Task.checkCancellation()
                return nil
            }
            return chunk
        }
    }

    /// Reads the whole body into memory.
    ///
    /// - Parameter limit: The most bytes to accept.
    /// - Returns: The body.
    /// - Throws: ``BodyLimitExceeded`` past `limit`, `CancellationError` when the task is
    ///   cancelled, or the transport's error.
    package func collect(upTo limit: Int) async throws -> Data {
        switch storage {
        case .buffered(let data):
            if !metered { _ = try BodyMeter(limit: limit, announcedLength: data.count) }
            return data
        case .failed(let error):
            throw error
        case .stream, .spooled:
            break
        }
        var meter = try BodyMeter(limit: limit, announcedLength: expectedLength)
        var data = Data()
        for try await chunk in self {
            try meter.add(chunk.count)
            if data.isEmpty {
                data = chunk  // most small bodies arrive in one chunk: no copy
            } else {
                data.append(chunk)
            }
        }
        return data
    }

    /// Reads the body and drops it, so that its connection can be reused: a redirect's body.
    ///
    /// - Parameter limit: The most bytes to read; past it the body is dropped unread (and its
    ///   connection with it).
    /// - Returns: The bytes read.
    func drain(upTo limit: Int) async -> Int64 {
        guard case .buffered(let data) = storage else {
            var meter = BodyMeter.unlimited
            do {
                meter = try BodyMeter(limit: limit, announcedLength: expectedLength)
                for try await chunk in self { try meter.add(chunk.count) }
            } catch {}
            return Int64(meter.count)
        }
        return Int64(data.count)
    }
}

/// Holds an iterator so that a non-escaping `mutating next()` can be called from a closure.
private final class IteratorBox<Base: AsyncIteratorProtocol> where Base.Element == Data {
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    func next() async throws -> Data? {
        try await base.next()
    }
}

@available(*, unavailable)
extension ResponseBody.AsyncIterator: Sendable {}
