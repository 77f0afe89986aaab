import CourierCore
import Foundation

/// The outbox's time, kept with the client's clock (`APIClient.Configuration.clock`, as its calls
/// keep it: the client's `CallClock`): the date the outbox opened, moved on by the time that
/// clock has measured since. Dates are what the store keeps (a next attempt, an expiry), since a
/// clock's instants mean nothing after a restart; the waits in between are the client clock's,
/// so a test's `ManualClock` moves them.
struct DeliveryClock: Sendable {
    /// The date the outbox opened, in milliseconds since 1970.
    private let start: Int64
    /// The client's clock, and its time when the outbox opened.
    private let clock: CallClock
    private let epoch: Duration

    init(_ clock: CallClock, start: Date = Date()) {
        self.start = start.milliseconds
        self.clock = clock
        self.epoch = clock.now()
    }

    /// The outbox's current date.
    func now() -> Date {
        Date(milliseconds: start + (clock.now() - epoch).milliseconds)
    }

    /// Sleeps until the outbox's date is `date`.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    func sleep(until date: Date) async throws {
        try await clock.sleep(until: epoch + .milliseconds(max(0, date.milliseconds - start)))
    }
}
