/// A clock that rings Courier's alarms itself, at the moment it reaches them: the test clock of
/// `CourierTesting` (`ManualClock`), so that a call's deadline passes exactly when a test advances
/// the clock, and is not one of the clock's sleepers.
package protocol AlarmScheduling: Clock where Duration == Swift.Duration {
    /// Calls `ring` once the clock reaches `instant`; returns what cancels it.
    func scheduleAlarm(at instant: Instant, _ ring: @escaping @Sendable () -> Void) -> @Sendable () -> Void
}

extension AlarmScheduling {
    /// Alarms rung by this clock, on the time since `epoch`.
    func alarms(since epoch: Instant, now: @escaping @Sendable () -> Duration) -> Alarms {
        Alarms(now: now) { instant, wake in
            scheduleAlarm(at: epoch.advanced(by: instant), wake)
        }
    }
}
