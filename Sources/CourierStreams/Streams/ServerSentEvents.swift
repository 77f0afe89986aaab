public import CourierCore
public import Foundation

/// The events of a `text/event-stream` body, parsed as its chunks arrive.
///
/// Made by ``ResponseBody/serverSentEvents(maximumEventSize:)``, for a body read with
/// ``APIClient/withBytes(_:progress:_:)``; ``APIClient/events(_:lastEventID:reconnection:idleTimeout:)``
/// adds decoding and reconnection. The stream ends when the body ends; an event the body ends in
/// the middle of is not delivered.
public struct ServerSentEvents<Chunks: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Chunks.Element == Data {
    /// An event, with its data as a string.
    public typealias Element = ServerSentEvent<String>

    private let chunks: Chunks
    private let maximumEventSize: Int

    /// Parses the events of a stream of chunks.
    ///
    /// - Parameters:
    ///   - chunks: The body's chunks.
    ///   - maximumEventSize: The most bytes one event may take.
    public init(_ chunks: Chunks, maximumEventSize: Int = 1 << 20) {
        self.chunks = chunks
        self.maximumEventSize = maximumEventSize
    }

    /// Creates an iterator over the events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(
            chunks: chunks.makeAsyncIterator(), parser: ServerSentEventParser(maximumEventSize: maximumEventSize))
    }

    /// Iterates the events of a stream.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var chunks: Chunks.AsyncIterator
        private var parser: ServerSentEventParser
        private var pending: [ServerSentEvent<String>] = []
        private var index = 0

        fileprivate init(chunks: Chunks.AsyncIterator, parser: ServerSentEventParser) {
            self.chunks = chunks
            self.parser = parser
        }

        /// The next event, or `nil` once the body has ended.
        ///
        /// - Throws: The body's error, or ``APIError/Kind/bodyTooLarge`` when an event passes
        ///   the size limit.
        public mutating func next() async throws -> ServerSentEvent<String>? {
            while index == pending.count {
                guard let chunk = try await chunks.next() else { return nil }
                pending = try parser.parse(chunk)
                index = 0
            }
            defer { index += 1 }
            return pending[index]
        }
    }
}

@available(*, unavailable)
extension ServerSentEvents.AsyncIterator: Sendable {}

extension ResponseBody {
    /// The body's Server-Sent Events, parsed as the body streams in.
    ///
    /// ```swift
    /// try await client.withBytes(FeedRequest()) { _, body in
    ///     for try await event in body.serverSentEvents() { print(event.event, event.data) }
    /// }
    /// ```
    ///
    /// - Parameter maximumEventSize: The most bytes one event may take.
    /// - Returns: The events, with their data as strings.
    public func serverSentEvents(maximumEventSize: Int = 1 << 20) -> ServerSentEvents<ResponseBody> {
        ServerSentEvents(self, maximumEventSize: maximumEventSize)
    }
}
