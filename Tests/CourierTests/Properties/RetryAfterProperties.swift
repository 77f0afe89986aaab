import Courier
import Foundation
import Testing

@testable import CourierCore

/// `RetryAfter`: any value reads without trapping and never as a negative delay; seconds read as
/// themselves, and a date as the time from now until it, or zero once it has passed.
@Suite("Properties: Retry-After")
struct RetryAfterProperties {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anyValueReadsAsNothingOrADelayThatIsNotNegative() async throws {
        await property("any value reads as nothing or a delay that is not negative", cases: 3000) { random in
            let pieces = ["120", "-1", "1.5", " ", "\t", "Sun, 06 Nov 1994 08:49:37 GMT", "99999999999999999999999"]
            let text = (0..<random.int(0...3)).map { _ in random.chance(0.3) ? random.text(1...4) : random.pick(pieces)
            }
            let delay = RetryAfter.delay(text.joined(), now: Self.now)
            try #require(delay.map { $0 >= .zero } ?? true)
        }
    }

    @Test func secondsReadAsThemselves() async throws {
        await property("seconds read as themselves", cases: 3000) { random in
            let seconds = random.chance(0.5) ? random.int(0...86_400) : random.int(0...Int.max)
            let text = random.whitespace() + String(repeating: "0", count: random.int(0...2)) + "\(seconds)"
            try #require(RetryAfter.delay(text + random.whitespace(), now: Self.now) == .seconds(seconds))
            // More digits than an Int holds: a very long time, never a trap.
            let huge = try #require(
                RetryAfter.delay("1" + String(repeating: "0", count: 19) + "\(seconds)", now: Self.now))
            try #require(huge >= .seconds(Int.max / 1_000_000_000_000))
        }
    }

    @Test func aDateReadsAsTheTimeUntilIt() async throws {
        await property("a date reads as the time until it, zero once passed", cases: 3000) { random in
            let seconds = random.int(0...HTTPDateProperties.lastFourDigitSecond)
            let text = random.whitespace() + CivilDate(secondsSince1970: seconds).imfFixdate + random.whitespace()
            let until = seconds - Int(Self.now.timeIntervalSince1970)
            try #require(RetryAfter.delay(text, now: Self.now) == .seconds(max(0, until)), "\(text)")
        }
    }
}
