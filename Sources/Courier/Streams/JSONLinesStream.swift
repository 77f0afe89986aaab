/// The values of a JSON Lines (NDJSON) body, one per line, decoded as they arrive.
///
/// Made by ``APIClient/jsonLines(_:maximumLineLength:idleTimeout:)``. Each iteration sends the
/// request when it first asks for a value. Leaving the loop, or cancelling the task that
/// iterates, closes the connection. A dropped connection fails the iteration; it does not
/// reconnect.
///
/// Every error it throws is an ``APIError``.
public struct JSONLinesStream<Value: Sendable>: AsyncSequence, Sendable {
    /// A decoded line.
    public typealias Element = Value

    let connect: @Sendable () -> StreamConnection<[Value]>
    let finish: @Sendable (APIError) -> APIError

    /// Creates an iterator; it sends the request when first asked for a value.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: Reader(stream: self))
    }

    /// Iterates the decoded lines.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let reader: Reader

        fileprivate init(reader: Reader) {
            self.reader = reader
        }

        /// The next value, or `nil` at the end of the body.
        ///
        /// - Throws: ``APIError``: ``APIError/Kind/decoding`` naming the line that is not a
        ///   `Value`, ``APIError/Kind/bodyTooLarge`` for a line past the limit, or the failure of
        ///   the call.
        public mutating func next() async throws -> Value? {
            do {
                return try await reader.next()
            } catch {
                throw reader.stream.finish(error)
            }
        }
    }

    /// Holds the connection, and closes it when the iteration is dropped.
    fileprivate final class Reader {
        let stream: JSONLinesStream
        private var connection: StreamConnection<[Value]>?
        private var values: [Value] = []
        private var index = 0
        private var finished = false

        init(stream: JSONLinesStream) {
            self.stream = stream
        }

        deinit {
            connection?.cancel()
        }

        func next() async throws(APIError) -> Value? {
            while index == values.count {
                if finished { return nil }
                let connection = self.connection ?? stream.connect()
                self.connection = connection
                switch await connection.next() {
                case .element(let batch):
                    values = batch
                    index = 0
                case .end(let error):
                    finished = true
                    self.connection = nil
                    guard let error else { return nil }
                    if error is CancellationError || Task.isCancelled {
                        throw APIError(.cancelled, "The call was cancelled.", underlying: error)
                    }
                    throw error as? APIError ?? APIError(.transport, "The stream failed.", underlying: error)
                }
            }
            defer { index += 1 }
            return values[index]
        }
    }
}

@available(*, unavailable)
extension JSONLinesStream.AsyncIterator: Sendable {}
