import CourierCore
import Foundation

/// Hands each event to every sequence made by `Outbox.events()`, each with its own unbounded
/// buffer, so that a slow reader misses nothing and holds up no delivery; and holds the counts
/// the events carry.
///
/// The outbox starts delivering as it opens, before the app can ask for events: what happens
/// until the first sequence is made is kept (the latest ``backlogLimit`` events) and that
/// sequence starts with it, so that the app learns the outcome of the entries an earlier process
/// left however soon they are delivered.
///
/// A change's counts and events are published together, under one lock, by the store's writer
/// once the change is flushed, as it acknowledges it (`OutboxCore.change`): a sequence's snapshot
/// is never ahead of the events before it, and whoever reads the store after a change finds its
/// events already in every sequence, in the order of the changes.
final class EventHub: Sendable {
    /// The most events kept for the first sequence.
    static let backlogLimit = 1000

    private struct State {
        /// The entries waiting and set aside, after the last change published.
        var counts: OutboxCounts
        /// The events since opening, until the first sequence takes them.
        var backlog: [OutboxEvent]? = []
        var subscribers: [UUID: AsyncStream<OutboxEvent>.Continuation] = [:]
        var finished = false
    }

    private let state: Locked<State>

    init(counts: OutboxCounts) {
        state = Locked(State(counts: counts))
    }

    /// The counts after the last change published.
    var counts: OutboxCounts { state.withLock { $0.counts } }

    /// A new sequence: the backlog if it is the first, then a snapshot of the counts, then every
    /// event.
    func subscribe() -> AsyncStream<OutboxEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: OutboxEvent.self, bufferingPolicy: .unbounded)
        let id = UUID()
        let added = state.withLock { state -> Bool in
            // Yielded under the lock: an event published after this comes after them.
            for event in (state.backlog ?? []).suffix(Self.backlogLimit) { continuation.yield(event) }
            state.backlog = nil
            continuation.yield(OutboxEvent(.snapshot, counts: state.counts))
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

    /// Publishes a change: its counts, then the events it makes, built with those counts.
    func publish(counts: OutboxCounts, _ events: [OutboxEvent]) {
        state.withLock { state in
            state.counts = counts
            for event in events { Self.hand(event, &state) }
        }
    }

    /// Publishes an event that changes no count, built with the counts as they stand.
    func emit(_ make: (OutboxCounts) -> OutboxEvent) {
        state.withLock { state in Self.hand(make(state.counts), &state) }
    }

    /// Yields under the lock, so that every sequence gets the events in one order. A yield to an
    /// unbounded buffer only stores the event or resumes a waiting reader's task.
    private static func hand(_ event: OutboxEvent, _ state: inout State) {
        if state.backlog != nil {
            state.backlog?.append(event)
            // Trimmed once it holds twice the limit, not at every event: moving a thousand events
            // for each new one made an outbox nobody listens to pay more at every change.
            if let count = state.backlog?.count, count >= 2 * backlogLimit {
                state.backlog?.removeFirst(count - backlogLimit)
            }
        }
        for continuation in state.subscribers.values { continuation.yield(event) }
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
