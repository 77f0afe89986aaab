import CourierCore
import Foundation

/// The typed events of a Server-Sent Events endpoint, reconnecting when the connection drops.
///
/// Made by ``APIClient/events(_:lastEventID:reconnection:idleTimeout:)``. Each iteration opens its
/// own connection when it first asks for an event. Leaving the loop, or cancelling the task that
/// iterates, closes the connection at once; the iteration then throws
/// ``APIError/Kind/cancelled`` (or simply ends, when you `break`).
///
/// Every error it throws is an ``APIError``.
public struct ServerSentEventStream<Payload: Sendable>: AsyncSequence, Sendable {
    /// An event, with its data decoded.
    public typealias Element = ServerSentEvent<Payload>

    let lastEventID: String?
    let reconnection: ReconnectionPolicy
    let maximumEventSize: Int
    let connect: @Sendable (EventSession) -> CallRelay<[Element]>
    /// Waits on the client's clock before a reconnection.
    let wait: @Sendable (Duration) async throws -> Void
    /// Finishes an error of the stream's own (not of a connection, whose errors come finished).
    let finish: @Sendable (APIError) -> APIError

    /// Creates an iterator; it connects when first asked for an event.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(driver: Driver(stream: self))
    }

    /// Iterates the events, reconnecting as the ``ReconnectionPolicy`` allows.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let driver: Driver

        fileprivate init(driver: Driver) {
            self.driver = driver
        }

        /// The next event, or `nil` once the stream has ended.
        ///
        /// - Throws: ``APIError``: the connection's failure once reconnections are used up,
        ///   ``APIError/Kind/decoding`` for an event whose data is not a `Payload`, or
        ///   ``APIError/Kind/cancelled`` when the task is cancelled.
        public mutating func next() async throws -> ServerSentEvent<Payload>? {
            try await driver.next()
        }
    }

    /// Runs the connections one after the other and decides when to reconnect.
    fileprivate final class Driver {
        let stream: ServerSentEventStream
        private let session: EventSession
        private var connection: CallRelay<[Element]>?
        private var events: [Element] = []
        private var index = 0
        private var failures = 0
        private var reconnecting = false
        private var finished = false

        init(stream: ServerSentEventStream) {
            self.stream = stream
            self.session = EventSession(lastEventID: stream.lastEventID, maximumEventSize: stream.maximumEventSize)
        }

        deinit {
            connection?.cancel()
        }

        func next() async throws(APIError) -> Element? {
            while true {
                if index < events.count {
                    defer { index += 1 }
                    return events[index]
                }
                if finished { return nil }
                let connection = try await connectionOpened()
                do throws(APIError) {
                    guard let batch = try await connection.next() else {
                        self.connection = nil
                        try ended(with: nil)
                        continue
                    }
                    events = batch
                    index = 0
                    failures = 0
                } catch {
                    self.connection = nil
                    try ended(with: error)
                }
            }
        }

        /// The current connection, or a new one, after the reconnection delay.
        private func connectionOpened() async throws(APIError) -> CallRelay<[Element]> {
            if let connection { return connection }
            if reconnecting {
                do {
                    try await stream.wait(stream.reconnection.wait(serverRetry: session.reconnectionTime))
                } catch {
                    finished = true
                    throw stream.finish(APIError(.cancelled, "The call was cancelled.", underlying: error))
                }
            }
            let connection = stream.connect(session)
            self.connection = connection
            return connection
        }

        /// Decides what follows the end of a connection: reconnecting, ending, or failing.
        private func ended(with error: APIError?) throws(APIError) {
            if error?.kind == .cancelled || Task.isCancelled {
                finished = true
                throw error ?? stream.finish(APIError(.cancelled, "The call was cancelled."))
            }
            let drops = error.map { [.transport, .timeout].contains($0.kind) } ?? true
            guard drops, !session.isDone, failures < stream.reconnection.maximumAttempts else {
                finished = true
                if let error { throw error }
                return
            }
            failures += 1
            reconnecting = true
        }
    }
}

@available(*, unavailable)
extension ServerSentEventStream.AsyncIterator: Sendable {}

/// What an event stream keeps across its connections: the parser, with the last event ID and the
/// server's reconnection time, and whether the server asked not to reconnect.
final class EventSession: Sendable {
    private struct State {
        var parser: ServerSentEventParser
        var isDone = false
    }

    private let state: Locked<State>

    init(lastEventID: String?, maximumEventSize: Int) {
        state = Locked(
            State(parser: ServerSentEventParser(lastEventID: lastEventID ?? "", maximumEventSize: maximumEventSize)))
    }

    /// The last event ID to send when connecting; empty for none.
    var lastEventID: String { state.withLock { $0.parser.lastEventID } }

    /// The reconnection time the server set, if any.
    var reconnectionTime: Duration? { state.withLock { $0.parser.reconnectionTime } }

    /// Whether the server answered `204 No Content`: the stream is over.
    var isDone: Bool { state.withLock { $0.isDone } }

    func markDone() {
        state.withLock { $0.isDone = true }
    }

    /// Starts parsing a new connection's body.
    func restart() {
        state.withLock { $0.parser.restart() }
    }

    func parse(_ chunk: Data) throws(APIError) -> [ServerSentEvent<String>] {
        let result = state.withLock { state in Result { () throws(APIError) in try state.parser.parse(chunk) } }
        return try result.get()
    }
}
