import CourierCore
import Foundation
import HTTPTypes

/// How fresh a stored response is (RFC 9111, section 4.2), for a private cache: `s-maxage` is
/// ignored, and a heuristic lifetime is used only where section 4.2.2 allows it.
struct Freshness: Sendable {
    /// How long the response is fresh for, in seconds, from when it was generated.
    var lifetime: TimeInterval
    /// How old the response is now, in seconds (section 4.2.3).
    var age: TimeInterval
    /// Whether the lifetime is a heuristic one (no explicit expiration time).
    var isHeuristic: Bool

    var isFresh: Bool { lifetime > age }
    /// How long past its lifetime the response is; zero while fresh.
    var staleness: TimeInterval { max(0, age - lifetime) }

    /// Status codes that are heuristically cacheable (RFC 9110, section 15.1).
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The most a heuristic lifetime may be: a day, as RFC 9111 section 4.2.2 suggests before a
    /// warning would be due.
    static let heuristicCap: TimeInterval = 24 * 60 * 60

    init(lifetime: TimeInterval, age: TimeInterval, isHeuristic: Bool) {
        self.lifetime = lifetime
        self.age = age
        self.isHeuristic = isHeuristic
    }

    /// The freshness of `stored` at `now`.
    init(of stored: StoredResponse, now: Date) {
        let response = stored.response
        let fields = response.headerFields
        let control = CacheControl(fields)
        let date = fields[.date].flatMap(HTTPDate.parse) ?? stored.responseTime
        let (lifetime, isHeuristic) = Self.lifetime(
            control: control, fields: fields, status: stored.status, date: date)
        self.init(
            lifetime: lifetime,
            age: Self.age(
                fields: fields, date: date, requestTime: stored.requestTime, responseTime: stored.responseTime,
                now: now),
            isHeuristic: isHeuristic)
    }

    /// The freshness lifetime (section 4.2.1): `max-age`, else `Expires` minus `Date`, else a
    /// heuristic of 10% of the time since `Last-Modified` (capped at a day) for a status that is
    /// heuristically cacheable or a response marked `public`; else zero.
    static func lifetime(
        control: CacheControl, fields: HTTPFields, status: Int, date: Date
    ) -> (TimeInterval, isHeuristic: Bool) {
        if let maxAge = control.maxAge { return (TimeInterval(maxAge), false) }
        if control.isMalformed("max-age") { return (0, false) }
        if let expires = fields[.expires] {
            // An invalid date, such as "0", means "already expired" (section 5.3).
            guard let expiry = HTTPDate.parse(expires) else { return (0, false) }
            return (max(0, expiry.timeIntervalSince(date)), false)
        }
        guard heuristicallyCacheable.contains(status) || control.isPublic,
            let lastModified = fields[.lastModified].flatMap(HTTPDate.parse)
        else { return (0, false) }
        return (min(heuristicCap, max(0, date.timeIntervalSince(lastModified)) / 10), true)
    }

    /// The current age (section 4.2.3).
    static func age(fields: HTTPFields, date: Date, requestTime: Date, responseTime: Date, now: Date) -> TimeInterval {
        let ageValue = fields[.age].flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        let apparentAge = max(0, responseTime.timeIntervalSince(date))
        let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
        let correctedInitialAge = max(apparentAge, ageValue + responseDelay)
        let residentTime = max(0, now.timeIntervalSince(responseTime))
        return correctedInitialAge + residentTime
    }
}
