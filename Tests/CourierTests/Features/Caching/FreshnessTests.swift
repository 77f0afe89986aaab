import Courier
import Foundation
import Testing

@testable import CourierCaching
@testable import CourierCore

@Suite("Freshness")
struct FreshnessTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    func stored(_ fields: HTTPFields, status: Int = 200, receivedAfter delay: TimeInterval = 0) -> StoredResponse {
        var fields = fields
        fields[.date] = Self.httpDate(Self.date)
        return StoredResponse(
            response: HTTPResponse(status: .init(code: status), headerFields: fields), body: Data(),
            requestTime: Self.date, responseTime: Self.date.addingTimeInterval(delay), variant: "")
    }

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    @Test func maxAgeGivesTheLifetimeAndAgeGrowsWithResidentTime() {
        let freshness = Freshness(of: stored([.cacheControl: "max-age=60"]), now: Self.date.addingTimeInterval(30))
        #expect(freshness.lifetime == 60)
        #expect(freshness.age == 30)
        #expect(freshness.isFresh)
        #expect(!Freshness(of: stored([.cacheControl: "max-age=60"]), now: Self.date.addingTimeInterval(61)).isFresh)
    }

    @Test func maxAgeWinsOverExpiresAndSharedMaxAgeIsIgnored() {
        let fields: HTTPFields = [
            .cacheControl: "s-maxage=600, max-age=5",
            .expires: Self.httpDate(Self.date.addingTimeInterval(3600)),
        ]
        #expect(Freshness(of: stored(fields), now: Self.date).lifetime == 5)
        #expect(Freshness(of: stored([.cacheControl: "s-maxage=600"]), now: Self.date).lifetime == 0)
    }

    @Test func expiresCountsFromTheDateAndAnInvalidExpiresIsAlreadyExpired() {
        let expires: HTTPFields = [.expires: Self.httpDate(Self.date.addingTimeInterval(120))]
        #expect(Freshness(of: stored(expires), now: Self.date).lifetime == 120)
        let invalid: HTTPFields = [.expires: "0", .lastModified: Self.httpDate(Self.date.addingTimeInterval(-1000))]
        let freshness = Freshness(of: stored(invalid), now: Self.date)
        #expect(freshness.lifetime == 0)
        #expect(!freshness.isHeuristic)
    }

    @Test func aHeuristicLifetimeIsTenPercentOfTheTimeSinceLastModifiedOnlyWhereAllowed() {
        let lastModified: HTTPFields = [.lastModified: Self.httpDate(Self.date.addingTimeInterval(-1000))]
        let heuristic = Freshness(of: stored(lastModified), now: Self.date)
        #expect(heuristic.lifetime == 100)
        #expect(heuristic.isHeuristic)
        // A 201 is not heuristically cacheable, unless marked public.
        #expect(Freshness(of: stored(lastModified, status: 201), now: Self.date).lifetime == 0)
        var publicFields = lastModified
        publicFields[.cacheControl] = "public"
        #expect(Freshness(of: stored(publicFields, status: 201), now: Self.date).lifetime == 100)
        // Capped at a day, and nothing without Last-Modified.
        let ancient: HTTPFields = [.lastModified: Self.httpDate(Self.date.addingTimeInterval(-100 * 86_400))]
        #expect(Freshness(of: stored(ancient), now: Self.date).lifetime == 86_400)
        #expect(Freshness(of: stored([:]), now: Self.date).lifetime == 0)
    }

    @Test func theAgeFieldAndTheResponseDelayAddToTheAge() {
        let response = stored([.cacheControl: "max-age=60", .age: "20"], receivedAfter: 2)
        // corrected initial age = max(apparent 2, 20 + 2) = 22; resident 8.
        #expect(Freshness(of: response, now: Self.date.addingTimeInterval(10)).age == 30)
    }

    @Test func aMalformedMaxAgeMakesTheResponseStale() {
        let fields: HTTPFields = [
            .cacheControl: "max-age=soon", .expires: Self.httpDate(Self.date.addingTimeInterval(99)),
        ]
        #expect(Freshness(of: stored(fields), now: Self.date).lifetime == 0)
    }

    @Test func aNotModifiedRefreshesTheStoredFieldsButNotTheBodyFields() {
        var response = stored([.cacheControl: "max-age=0", .eTag: "\"a\"", .contentLength: "0"])
        let notModified = HTTPResponse(
            status: .notModified,
            headerFields: [.cacheControl: "max-age=60", .contentLength: "99", .setCookie: "a=b"])
        response.refresh(with: notModified, requestTime: Self.date, responseTime: Self.date)
        let fields = response.response.headerFields
        #expect(fields[.cacheControl] == "max-age=60")
        #expect(fields[.eTag] == "\"a\"")
        #expect(fields[.contentLength] == "0")
        #expect(fields[.setCookie] == nil)
    }
}
