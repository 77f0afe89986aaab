import Courier
import Foundation
import Testing

@testable import CourierCore

/// `QueryParameters` and `QueryValue`: a query of any names and values reads back, through
/// Foundation's `URLComponents`, as the pairs it was written with; every value's text reads back
/// as the value.
@Suite("Properties: query parameters")
struct QueryParametersProperties {
    @Test func aQueryReadsBackAsItsPairs() async throws {
        await property("a query reads back through URLComponents as its pairs", cases: 2000) { random in
            let alphabet: [Unicode.Scalar] = ["&", "=", "+", "%", "?", "#", " ", ";", "/"]
            let items = (0..<random.int(0...5)).map { _ in
                QueryParameters.Item(
                    name: random.chance(0.5) ? random.text(0...6) : random.text(0...4, from: alphabet),
                    value: random.text(0...8))
            }
            let encoded = QueryParameters(items).percentEncoded
            // Split and decoded by the test's own decoder…
            let pairs = encoded.isEmpty ? [] : encoded.split(separator: "&", omittingEmptySubsequences: false)
            let split = pairs.map { $0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false) }
            try #require(split.allSatisfy { $0.count == 2 }, "\(encoded)")
            // Only unreserved characters and escapes: a server reading `+` as a space reads them right.
            let unreserved = PercentEncodingProperties.unreserved
            try #require(
                split.joined().allSatisfy {
                    PercentEncodingProperties.isEncoded(String($0), allowing: unreserved, upper: true)
                }, "\(encoded)")
            try #require(
                split.map { PercentEncodingProperties.decodedBytes($0[0]) } == items.map { Array($0.name.utf8) })
            try #require(
                split.map { PercentEncodingProperties.decodedBytes($0[1]) } == items.map { Array($0.value.utf8) })
            // …and by Foundation's.
            var components = URLComponents(string: "https://api.example.com/search")!
            components.percentEncodedQuery = encoded
            try #require(components.url != nil)
            guard
                items.allSatisfy({
                    PercentEncodingProperties.foundationKeeps($0.name)
                        && PercentEncodingProperties.foundationKeeps($0.value)
                })
            else { return }
            try #require(components.queryItems?.map(\.name) ?? [] == items.map(\.name), "\(encoded)")
            try #require(components.queryItems?.map { $0.value ?? "" } ?? [] == items.map(\.value), "\(encoded)")
        }
    }

    @Test func everyValueReadsBackAsItself() async throws {
        await property("every value's text reads back as the value", cases: 3000) { random in
            let int = Int.random(in: .min ... .max, using: &random)
            try #require(int.queryValues.map { Int($0) } == [int])
            let unsigned = UInt64.random(in: .min ... .max, using: &random)
            try #require(unsigned.queryValues.map { UInt64($0) } == [unsigned])
            let double = Double(bitPattern: random.next())
            let readDouble = try #require(double.queryValues.first.flatMap { Double($0) })
            try #require(readDouble == double || (readDouble.isNaN && double.isNaN), "\(double)")
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            let readFloat = try #require(float.queryValues.first.flatMap { Float($0) })
            try #require(readFloat == float || (readFloat.isNaN && float.isNaN), "\(float)")
            let decimal = Decimal(sign: .plus, exponent: random.int(-20...20), significand: Decimal(int))
            try #require(decimal.queryValues.map { Decimal(string: $0) } == [decimal], "\(decimal)")
            let uuid = UUID(uuid: random.uuidBytes())
            try #require(uuid.queryValues.map { UUID(uuidString: $0) } == [uuid])
            let seconds = random.int(0...HTTPDateProperties.lastFourDigitSecond)
            let date = Date(timeIntervalSince1970: TimeInterval(seconds) + Double.random(in: 0..<1, using: &random))
            try #require(date.queryValues == [CivilDate(secondsSince1970: seconds).iso8601])
        }
    }
}

extension Seeded {
    mutating func uuidBytes() -> uuid_t {
        let b = bytes(16)
        return (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
    }
}

extension CivilDate {
    /// `2026-11-24T23:42:08Z`
    var iso8601: String {
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let paddedYear = String(repeating: "0", count: max(0, 4 - "\(year)".count)) + "\(year)"
        return "\(paddedYear)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))Z"
    }
}
