import Courier
import Foundation
import Testing

@testable import CourierCore
@testable import CourierStreams

/// `JSONLineSplitter`: how a body is cut into chunks never changes its lines, every line written
/// comes back with its number, and a line past the limit fails with its number.
@Suite("Properties: JSON Lines")
struct JSONLineSplitterProperties {
    struct Line: Equatable {
        var number: Int
        var bytes: [UInt8]
    }

    /// What splitting a body gave.
    struct Outcome: Equatable {
        var lines: [Line] = []
        /// The message of the error splitting ended in, if any.
        var failure: String?
        var kind: APIError.Kind?
    }

    static func split(_ chunks: [Data], limit: Int = 1 << 20) -> Outcome {
        var splitter = JSONLineSplitter(maximumLineLength: limit)
        var outcome = Outcome()
        do throws(APIError) {
            for chunk in chunks {
                outcome.lines += splitter.lines(in: chunk).map { Line(number: $0.number, bytes: Array($0.bytes)) }
                if let failure = splitter.failure { throw failure }
            }
            if let last = try splitter.finish() {
                outcome.lines.append(Line(number: last.number, bytes: Array(last.bytes)))
            }
        } catch {
            outcome.failure = error.message
            outcome.kind = error.kind
        }
        return outcome
    }

    static let soup = Array("{}\"n:1 \t\r\n\r\n\u{1E}x".utf8) + [0x1E, 0x0A, 0x0D, 0x00, 0xFF]

    @Test func anyChunkingGivesTheLinesOfTheWholeBody() async throws {
        await property("chunks split as the whole body", cases: 3000) { random in
            let bytes = random.bytes(0...80, from: Self.soup)
            let limit = random.chance(0.5) ? random.int(1...30) : 1 << 20
            let whole = Self.split([Data(bytes)], limit: limit)
            let chunked = Self.split(random.chunks(bytes), limit: limit)
            try #require(chunked.failure == whole.failure)
            // Every line before the long one is handed over, however the body is cut, and none
            // after it.
            try #require(chunked == whole)
            if whole.failure != nil {
                let unlimited = Self.split([Data(bytes)]).lines
                try #require(Array(unlimited.prefix(whole.lines.count)) == whole.lines)
            }
        }
    }

    @Test func everyLineWrittenComesBackWithItsNumber() async throws {
        await property("every line written comes back", cases: 3000) { random in
            let body = random.jsonLinesBody()
            let limit = random.chance(0.5) ? body.longestLine : 1 << 20
            let outcome = Self.split(random.chunks(body.bytes), limit: limit)
            try #require(outcome == Outcome(lines: body.lines))
        }
    }

    @Test func aLinePastTheLimitFailsWithItsNumber() async throws {
        await property("a line past the limit fails with its number", cases: 2000) { random in
            var body = random.jsonLinesBody(terminated: true)
            let limit = random.int(1...40)
            // The first line past the limit: one of the body's, else the one added.
            let number = (body.lengths.firstIndex { $0 > limit } ?? body.lengths.count) + 1
            body.bytes += random.bytes((limit + 1)...(limit + 40), from: Array("{}\" x1\r\u{1E}".utf8))
            body.bytes += random.chance(0.5) ? [0x0A] + random.jsonLinesBody().bytes : []
            let outcome = Self.split(random.chunks(body.bytes), limit: limit)
            try #require(outcome.kind == .bodyTooLarge)
            try #require(
                outcome.failure?.hasPrefix("Line \(number) is longer than the limit of \(limit) bytes") == true)
        }
    }
}
