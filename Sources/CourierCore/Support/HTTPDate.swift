package import Foundation

/// HTTP dates (RFC 9110, section 5.6.7), as `Retry-After` and a cookie's `Expires` carry them.
package enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Parses `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` and
    /// `Sun Nov  6 08:49:37 1994`.
    package static func parse(_ text: String) -> Date? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map { $0.lowercased() }
        let day: Int?
        let month: Int?
        var year: Int?
        let time: String
        switch tokens.count {
        case 6 where tokens[5] == "gmt":  // IMF-fixdate, or RFC 850 split on "-"
            (day, month, year, time) = (Int(tokens[1]), monthNumber(tokens[2]), Int(tokens[3]), tokens[4])
            if let short = year, tokens[3].count == 2 { year = short + (short < 70 ? 2000 : 1900) }
        case 5:  // asctime
            (day, month, year, time) = (Int(tokens[2]), monthNumber(tokens[1]), Int(tokens[4]), tokens[3])
        default:
            return nil
        }
        let clock = time.split(separator: ":").compactMap { Int($0) }
        guard let day, let month, let year, clock.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let components = DateComponents(
            year: year, month: month, day: day, hour: clock[0], minute: clock[1], second: clock[2])
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    private static func monthNumber(_ name: String) -> Int? {
        months.firstIndex(of: name).map { $0 + 1 }
    }
}
