import Foundation

/// The outbox's time, kept with the client's clock (`APIClient.Configuration.clock`): the date
/// the outbox opened, moved on by the time that clock has measured since. Dates are what the
/// store keeps (a next attempt, an expiry), since a clock's instants mean nothing after a
/// restart; the waits in between are the client clock's, so a test's `ManualClock` moves them.
struct DeliveryClock: Sendable {
    /// The date the outbox opened, in milliseconds since 1970.
    private let start: Int64
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    init(_ clock: any Clock<Duration>, start: Date = Date()) {
        self = Self.make(clock, start: start)
    }

    private init(
        start: Int64, elapsed: @escaping @Sendable () -> Duration,
        sleeper: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.start = start
        self.elapsed = elapsed
        self.sleeper = sleeper
    }

    private static func make(_ clock: some Clock<Duration>, start: Date) -> DeliveryClock {
        let epoch = clock.now
        return DeliveryClock(
            start: start.milliseconds, elapsed: { epoch.duration(to: clock.now) },
            sleeper: { offset in try await clock.sleep(until: epoch.advanced(by: offset), tolerance: nil) })
    }

    /// The outbox's current date.
    func now() -> Date {
        Date(milliseconds: start + elapsed().milliseconds)
    }

    /// Sleeps until the outbox's date is `date`.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    func sleep(until date: Date) async throws {
        try await sleeper(.milliseconds(max(0, date.milliseconds - start)))
    }
}
