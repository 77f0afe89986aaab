import Courier
import Foundation

/// Hands each event to every sequence made by `Outbox.events()`, each with its own unbounded
/// buffer, so that a slow reader misses nothing and holds up no delivery.
final class EventHub: Sendable {
    private let subscribers = Locked<[UUID: AsyncStream<OutboxEvent>.Continuation]?>([:])

    /// A new sequence, which starts with `first`.
    func subscribe(first: OutboxEvent) -> AsyncStream<OutboxEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: OutboxEvent.self, bufferingPolicy: .unbounded)
        let id = UUID()
        continuation.yield(first)
        let added = subscribers.withLock { subscribers -> Bool in
            guard subscribers != nil else { return false }
            subscribers?[id] = continuation
            return true
        }
        guard added else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0?.removeValue(forKey: id) }
        }
        return stream
    }

    func emit(_ event: OutboxEvent) {
        let continuations = subscribers.withLock { $0.map { Array($0.values) } ?? [] }
        for continuation in continuations { continuation.yield(event) }
    }

    /// Ends every sequence; later ones end at once.
    func finish() {
        let continuations = subscribers.withLock { subscribers in
            defer { subscribers = nil }
            return subscribers.map { Array($0.values) } ?? []
        }
        for continuation in continuations { continuation.finish() }
    }
}
