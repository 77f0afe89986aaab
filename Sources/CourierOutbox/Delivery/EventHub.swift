import Courier
import Foundation

/// Hands each event to every sequence made by `Outbox.events()`, each with its own unbounded
/// buffer, so that a slow reader misses nothing and holds up no delivery.
///
/// The outbox starts delivering as it opens, before the app can ask for events: what happens
/// until the first sequence is made is kept (the latest ``backlogLimit`` events) and that
/// sequence starts with it, so that the app learns the outcome of the entries an earlier process
/// left however soon they are delivered.
final class EventHub: Sendable {
    /// The most events kept for the first sequence.
    static let backlogLimit = 1000

    private struct State {
        /// The events since opening, until the first sequence takes them.
        var backlog: [OutboxEvent]? = []
        var subscribers: [UUID: AsyncStream<OutboxEvent>.Continuation] = [:]
        var finished = false
    }

    private let state = Locked(State())

    /// A new sequence: the backlog if it is the first, then `snapshot`, then every event.
    func subscribe(snapshot: @Sendable () -> OutboxEvent) -> AsyncStream<OutboxEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: OutboxEvent.self, bufferingPolicy: .unbounded)
        let id = UUID()
        let added = state.withLock { state -> Bool in
            // Yielded under the lock: an event emitted after this comes after them.
            for event in state.backlog ?? [] { continuation.yield(event) }
            state.backlog = nil
            continuation.yield(snapshot())
            guard !state.finished else { return false }
            state.subscribers[id] = continuation
            return true
        }
        guard added else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    func emit(_ event: OutboxEvent) {
        let continuations = state.withLock { state -> [AsyncStream<OutboxEvent>.Continuation] in
            if state.backlog != nil {
                state.backlog?.append(event)
                if let count = state.backlog?.count, count > Self.backlogLimit { state.backlog?.removeFirst() }
            }
            return Array(state.subscribers.values)
        }
        for continuation in continuations { continuation.yield(event) }
    }

    /// Ends every sequence; later ones end after their snapshot.
    func finish() {
        let continuations = state.withLock { state in
            defer {
                state.subscribers = [:]
                state.finished = true
            }
            return Array(state.subscribers.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
