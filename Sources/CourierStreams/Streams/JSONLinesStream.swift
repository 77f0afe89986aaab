import CourierCore
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

    let connect: @Sendable () -> CallRelay<[Value]>

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
            try await reader.next()
        }
    }

    /// Holds the connection, and closes it when the iteration is dropped.
    fileprivate final class Reader {
        let stream: JSONLinesStream
        private var connection: CallRelay<[Value]>?
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
                do throws(APIError) {
                    guard let batch = try await connection.next() else {
                        finished = true
                        self.connection = nil
                        return nil
                    }
                    values = batch
                    index = 0
                } catch {
                    finished = true
                    self.connection = nil
                    throw error
                }
            }
            defer { index += 1 }
            return values[index]
        }
    }
}

@available(*, unavailable)
extension JSONLinesStream.AsyncIterator: Sendable {}
