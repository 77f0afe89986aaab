import CourierCore
import Foundation

/// The outbox's one delivery loop: it wakes when something may have become due — an enqueue, a
/// delivery's end, the network's return, the timer, the outbox's opening — plans, starts the
/// deliveries the plan says, and sets the timer for the next due entry.
///
/// A pass is posted straight to the store's writer, where it plans (no task of the loop's own
/// hops in between), one at a time. Wake-ups that come while a pass waits for the writer are
/// folded into it; one that comes once it has begun (``passBegins()``) posts one more.
final class Pump: Sendable {
    private let tasks = Locked(Tasks())

    private struct Tasks {
        /// Posts a pass to the writer; `nil` before ``start(_:)`` and after ``stop()``.
        var post: (@Sendable () -> Void)?
        /// Whether a pass is posted and has not begun.
        var passPosted = false
        var timer: Task<Void, Never>?
        /// When `timer` fires.
        var timerDate: Date?
        var deliveries: [UUID: Task<Void, Never>] = [:]
        var stopped = false
    }

    /// Starts the loop: `post` posts a pass, which calls ``passBegins()`` as it begins; it is
    /// posted now and after every wake-up.
    func start(_ post: @escaping @Sendable () -> Void) {
        tasks.withLock { $0.post = $0.stopped ? nil : post }
        wake()
    }

    /// Asks for a pass.
    func wake() {
        let post = tasks.withLock { tasks -> (@Sendable () -> Void)? in
            guard !tasks.passPosted, let post = tasks.post else { return nil }
            tasks.passPosted = true
            return post
        }
        post?()
    }

    /// Says a pass has begun to plan: a wake-up from now on posts another.
    func passBegins() {
        tasks.withLock { $0.passPosted = false }
    }

    /// Wakes the loop at `date` on `clock`, in place of the timer set before; none for `nil`.
    ///
    /// A timer already set for `date` and not yet fired is kept: a pass runs after every change,
    /// and most find the same next wake.
    func setTimer(_ date: Date?, on clock: DeliveryClock) {
        if let date, tasks.withLock({ $0.timer != nil && $0.timerDate == date }) { return }
        let timer = date.map { date in
            Task { [weak self] in
                do {
                    try await clock.sleep(until: date)
                } catch {
                    return
                }
                self?.timerFired(at: date)
            }
        }
        let previous = tasks.withLock { tasks in
            defer {
                tasks.timer = tasks.stopped ? nil : timer
                tasks.timerDate = tasks.stopped ? nil : date
            }
            return tasks.stopped ? timer : tasks.timer
        }
        previous?.cancel()
    }

    /// Forgets the timer that fired (so that the next pass sets one, even for the same date), then
    /// wakes the loop.
    private func timerFired(at date: Date) {
        tasks.withLock { tasks in
            guard tasks.timerDate == date else { return }
            tasks.timer = nil
            tasks.timerDate = nil
        }
        wake()
    }

    /// Runs `delivery` for `id` in a task of its own, then wakes the loop when the delivery says
    /// its outcome may let another entry start or wait less.
    func deliver(_ id: UUID, _ delivery: @escaping @Sendable () async -> Bool) {
        tasks.withLock { tasks in
            guard !tasks.stopped else { return }
            // The task removes itself under the same lock, so only once it is recorded.
            tasks.deliveries[id] = Task { [weak self] in
                let wakes = await delivery()
                self?.tasks.withLock { _ = $0.deliveries.removeValue(forKey: id) }
                if wakes { self?.wake() }
            }
        }
    }

    /// Stops the loop and the timer, cancels the deliveries under way, and waits for them all. A
    /// pass already posted starts nothing.
    func stop() async {
        let (timer, deliveries) = tasks.withLock { tasks in
            tasks.stopped = true
            defer {
                tasks.post = nil
                tasks.timer = nil
                tasks.timerDate = nil
                tasks.deliveries = [:]
            }
            return (tasks.timer, Array(tasks.deliveries.values))
        }
        timer?.cancel()
        for delivery in deliveries { delivery.cancel() }
        for delivery in deliveries { await delivery.value }
    }
}
