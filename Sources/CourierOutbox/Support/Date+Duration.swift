import Foundation

extension Date {
    /// The date in whole milliseconds since 1970: the outbox's one unit of dates, as its journal
    /// keeps them, so that a date computed and the same date read back compare equal.
    var milliseconds: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }

    /// The date `milliseconds` after 1970.
    init(milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The date `duration` after this one, in whole milliseconds.
    static func + (date: Date, duration: Duration) -> Date {
        Date(milliseconds: date.milliseconds + duration.milliseconds)
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded down.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
