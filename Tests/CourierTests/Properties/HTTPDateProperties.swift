import Courier
import Foundation
import Testing

@testable import CourierCore

/// `HTTPDate`: any text parses without trapping, every date written in any of RFC 9110's three
/// forms (section 5.6.7) parses back to itself, and dates that do not exist never parse.
@Suite("Properties: HTTP dates")
struct HTTPDateProperties {
    /// 9999-12-31 23:59:59 UTC, the last date a four-digit year can write.
    static let lastFourDigitSecond = 253_402_300_799

    @Test func anyTextParses() async throws {
        await property("any text parses", cases: 3000) { random in
            let pieces = ["Sun", "Nov", ",", " ", "-", ":", "GMT", "06", "1994", "08:49:37", "99", "9999999999999"]
            let text = (0..<random.int(0...10)).map { _ in random.chance(0.2) ? random.text(1...3) : random.pick(pieces)
            }
            _ = HTTPDate.parse(text.joined())
        }
    }

    @Test func everyDateParsesBackFromEachForm() async throws {
        await property("a date parses back from each form", cases: 3000) { random in
            let seconds = random.int(0...Self.lastFourDigitSecond)
            let date = CivilDate(secondsSince1970: seconds)
            var forms = [date.imfFixdate, date.asctime]
            // Two-digit years read as 1970 to 2069.
            if (1970...2069).contains(date.year) { forms.append(date.rfc850) }
            for form in forms {
                let text = random.chance(0.2) ? random.randomCase(form) : form
                try #require(HTTPDate.parse(text) == Date(timeIntervalSince1970: TimeInterval(seconds)), "\(text)")
            }
        }
    }

    @Test func onlyDatesThatExistParse() async throws {
        await property("a date parses if and only if it exists", cases: 3000) { random in
            let date = CivilDate(
                year: random.int(1970...2400), month: random.int(0...13), day: random.int(0...32),
                hour: random.int(0...25), minute: random.int(0...61), second: random.int(0...61))
            let parsed = HTTPDate.parse(date.imfFixdate)
            let expected = date.isValid ? Date(timeIntervalSince1970: TimeInterval(date.secondsSince1970)) : nil
            try #require(parsed == expected, "\(date.imfFixdate)")
        }
    }
}

extension CivilDate {
    private var time: String {
        [hour, minute, second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    }

    private var monthName: String {
        (1...12).contains(month) ? Self.monthNames[month - 1] : "M\(month)"
    }

    private var twoDigitDay: String { day < 10 ? "0\(day)" : "\(day)" }

    private var dayName: String { isValid ? Self.dayNames[weekday] : "Sunday" }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`
    var imfFixdate: String {
        "\(dayName.prefix(3)), \(twoDigitDay) \(monthName) \(year) \(time) GMT"
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT`
    var rfc850: String {
        let shortYear = year % 100 < 10 ? "0\(year % 100)" : "\(year % 100)"
        return "\(dayName), \(twoDigitDay)-\(monthName)-\(shortYear) \(time) GMT"
    }

    /// `Sun Nov  6 08:49:37 1994`
    var asctime: String {
        "\(dayName.prefix(3)) \(monthName) \(day < 10 ? " \(day)" : "\(day)") \(time) \(year)"
    }
}
