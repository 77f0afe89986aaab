import CourierCore
import Foundation

/// The outbox's one delivery loop: it wakes when something may have become due — an enqueue, a
/// delivery's end, the network's return, the timer, the outbox's opening — plans, starts the
/// deliveries the plan says, and sets the timer for the next due entry.
///
/// Wake-ups that come while it plans are folded into one more pass.
final class Pump: Sendable {
    private let signals: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let tasks = Locked(Tasks())

    private struct Tasks {
        var loop: Task<Void, Never>?
        var timer: Task<Void, Never>?
        var deliveries: [UUID: Task<Void, Never>] = [:]
        var stopped = false
    }

    init() {
        (signals, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Starts the loop: `pass` runs once now and once after every wake-up.
    func start(_ pass: @escaping @Sendable () async -> Void) {
        let signals = signals
        let loop = Task {
            for await _ in signals {
                await pass()
            }
        }
        tasks.withLock { $0.loop = loop }
        wake()
    }

    /// Asks for a pass.
    func wake() {
        continuation.yield()
    }

    /// Wakes the loop at `date` on `clock`, in place of the timer set before; none for `nil`.
    func setTimer(_ date: Date?, on clock: DeliveryClock) {
        let timer = date.map { date in
            Task { [weak self] in
                do {
                    try await clock.sleep(until: date)
                } catch {
                    return
                }
                self?.wake()
            }
        }
        let previous = tasks.withLock { tasks in
            defer { tasks.timer = tasks.stopped ? nil : timer }
            return tasks.stopped ? timer : tasks.timer
        }
        previous?.cancel()
    }

    /// Runs `delivery` for `id` in a task of its own, then wakes the loop.
    func deliver(_ id: UUID, _ delivery: @escaping @Sendable () async -> Void) {
        tasks.withLock { tasks in
            guard !tasks.stopped else { return }
            // The task removes itself under the same lock, so only once it is recorded.
            tasks.deliveries[id] = Task { [weak self] in
                await delivery()
                self?.tasks.withLock { _ = $0.deliveries.removeValue(forKey: id) }
                self?.wake()
            }
        }
    }

    /// Stops the loop and the timer, cancels the deliveries under way, and waits for them all.
    func stop() async {
        continuation.finish()
        let (loop, timer, deliveries) = tasks.withLock { tasks in
            tasks.stopped = true
            defer {
                tasks.loop = nil
                tasks.timer = nil
                tasks.deliveries = [:]
            }
            return (tasks.loop, tasks.timer, Array(tasks.deliveries.values))
        }
        timer?.cancel()
        await loop?.value
        for delivery in deliveries { delivery.cancel() }
        for delivery in deliveries { await delivery.value }
    }
}
