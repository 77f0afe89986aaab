import Courier
import Testing

@testable import CourierCore

/// `ContentDecoding` and `BodyMeter`: a `Content-Encoding` list of any spelling reads as its
/// codings, and a body's bytes are stopped exactly where the first limit on them is passed.
@Suite("Properties: content decoding")
struct ContentDecodingProperties {
    @Test func aCodingListReadsAsItsCodingsInOrder() async throws {
        await property("a coding list reads as its codings, lowercased, in order, without identity", cases: 3000) {
            random in
            let codings = (0..<random.int(0...4)).map { _ in random.pick(["gzip", "deflate", "br", "x-c", "identity"]) }
            // Any case, whitespace around the commas, and empty elements.
            let text = codings.map { random.whitespace() + random.randomCase($0) + random.whitespace() }
                .map { random.chance(0.2) ? $0 + "," : $0 }.joined(separator: ",")
            try #require(ContentDecoding.codings(in: text) == codings.filter { $0 != "identity" }, "\(text)")
            try #require(ContentDecoding.isEncoded(text) == codings.contains { $0 != "identity" })
            // Any text: codings are trimmed, lowercased, and never empty.
            let any = random.text(0...12, from: Array(" ,\tgzipIDENTITY\u{A0}é".unicodeScalars))
            for coding in ContentDecoding.codings(in: any) {
                try #require(!coding.isEmpty && !coding.contains(",") && coding == coding.lowercased())
                try #require(coding.first != " " && coding.last != " " && coding != "identity")
            }
        }
    }

    /// A meter lets a body's bytes through until they pass its limit, or the announced
    /// (compressed) length times the ratio for a body that arrives decompressed, and not one
    /// chunk further.
    @Test func aMeterStopsAtTheFirstLimitPassed() async throws {
        await property("a meter stops the chunk that passes the first limit", cases: 3000) { random in
            let limit = random.chance(0.2) ? Int.max : random.int(0...5000)
            let announced = random.chance(0.3) ? nil : random.int(0...3000)
            let encoding = random.pick([nil, "gzip", "identity", "gzip, br"])
            let ratio = random.chance(0.3) ? nil : random.int(1...200)
            let decompressed = ContentDecoding.isEncoded(encoding)
            var allowed = limit
            if decompressed, let ratio, let announced, announced > 0 {
                allowed = min(allowed, announced * ratio)
            }
            guard
                var meter = try? BodyMeter(
                    limit: limit, announcedLength: announced, contentEncoding: encoding, ratio: ratio)
            else {
                // Only a plain body's announced length fails before a byte is read.
                return try #require(!decompressed && (announced ?? 0) > limit)
            }
            var count = 0
            for _ in 0..<random.int(0...8) {
                // Now and then a chunk that reaches the first limit exactly, or passes it by one.
                let toLimit = allowed - count
                let chunk = random.chance(0.3) && toLimit < 5000 ? toLimit + random.int(0...1) : random.int(0...1500)
                count += chunk
                let stopped: Bool
                do {
                    try meter.add(chunk)
                    stopped = false
                } catch {
                    stopped = true
                }
                try #require(stopped == (count > allowed), "\(count) bytes, \(allowed) allowed")
                if stopped { return }
            }
        }
    }
}
