import Foundation

/// A date in the proleptic Gregorian calendar, in UTC, worked out with Howard Hinnant's
/// algorithms rather than Foundation's calendar, so that it can check code that uses the latter.
struct CivilDate: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (
            year, month, day, hour, minute, second
        )
    }

    /// The date `seconds` after 1970-01-01 00:00:00 UTC.
    init(secondsSince1970 seconds: Int) {
        let (days, time) = (seconds.floorDivided(by: 86_400), seconds.floorModulo(86_400))
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(
            year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month,
            day: dayOfYear - (153 * shiftedMonth + 2) / 5 + 1, hour: time / 3600, minute: time / 60 % 60,
            second: time % 60)
    }

    var secondsSince1970: Int {
        let year = month <= 2 ? self.year - 1 : self.year
        let era = year.floorDivided(by: 400)
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// Whether the fields name a real date and time (a leap second aside).
    var isValid: Bool {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && (1...days[month - 1]).contains(day) && (0...23).contains(hour)
            && (0...59).contains(minute) && (0...59).contains(second)
    }

    /// The day of the week, 0 for Sunday (1970-01-01 was a Thursday).
    var weekday: Int { (secondsSince1970.floorDivided(by: 86_400) + 4).floorModulo(7) }
}

extension Int {
    fileprivate func floorDivided(by divisor: Int) -> Int {
        (self - floorModulo(divisor)) / divisor
    }

    fileprivate func floorModulo(_ divisor: Int) -> Int {
        ((self % divisor) + divisor) % divisor
    }
}
