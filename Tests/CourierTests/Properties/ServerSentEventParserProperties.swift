import Courier
import Foundation
import Testing

/// `ServerSentEventParser`: how a stream is cut into chunks never changes what it parses to, and
/// well-formed streams parse to the events they were written with.
@Suite("Properties: server-sent events")
struct ServerSentEventParserProperties {
    /// What parsing a stream gave.
    struct Outcome: Equatable {
        var events: [ServerSentEvent<String>] = []
        /// The kind of error parsing ended in, if any.
        var failure: APIError.Kind?
        var lastEventID = ""
        var reconnectionTime: Duration?
    }

    static func parse(_ chunks: [Data], limit: Int = 1 << 20) -> Outcome {
        var parser = ServerSentEventParser(maximumEventSize: limit)
        var outcome = Outcome()
        do {
            for chunk in chunks { outcome.events += try parser.parse(chunk) }
        } catch {
            outcome.failure = error.kind
        }
        outcome.lastEventID = parser.lastEventID
        outcome.reconnectionTime = parser.reconnectionTime
        return outcome
    }

    @Test func anyChunkingOfAnyBytesGivesTheSameEventsAsTheWholeStream() async throws {
        await property("chunks parse as the whole stream", cases: 4000) { random in
            let bytes = random.eventStreamSoup()
            let whole = Self.parse([Data(bytes)])
            try #require(whole.failure == nil)
            try #require(Self.parse(random.chunks(bytes)) == whole)
        }
    }

    /// With a small limit, every chunking fails or none does; before failing, a chunking has only
    /// given events the stream holds, in order.
    @Test func anyChunkingFailsAtTheLimitAsTheWholeStreamDoes() async throws {
        await property("chunks fail at the limit as the whole stream does", cases: 4000) { random in
            let bytes = random.eventStreamSoup()
            let limit = random.int(1...40)
            let whole = Self.parse([Data(bytes)], limit: limit)
            let chunked = Self.parse(random.chunks(bytes), limit: limit)
            try #require(chunked.failure == whole.failure)
            guard whole.failure == nil else {
                let unlimited = Self.parse([Data(bytes)]).events
                try #require(chunked.events.count <= unlimited.count)
                try #require(Array(unlimited.prefix(chunked.events.count)) == chunked.events)
                return
            }
            try #require(chunked == whole)
        }
    }

    @Test func aLineLongerThanTheLimitFailsAsBodyTooLarge() async throws {
        await property("a line past the limit fails as bodyTooLarge", cases: 2000) { random in
            let limit = random.int(1...64)
            let line = Array(random.text((limit + 1)...(limit + 40), excluding: ["\r", "\n"]).utf8)
            let ending = Array(random.pick(["", "\n", "\r", "\r\n"]).utf8)
            let bytes = random.eventStreamSoup() + Array("\n".utf8) + line + ending + random.eventStreamSoup()
            let outcome = Self.parse(random.chunks(bytes), limit: limit)
            try #require(outcome.failure == .bodyTooLarge)
        }
    }

    /// Generated streams parse to the events they were written with, in any chunking, and within
    /// a limit as large as their largest block of lines.
    @Test func wellFormedStreamsParseToTheirEvents() async throws {
        await property("well-formed streams parse to their events", cases: 3000) { random in
            let stream = random.eventStream()
            let limit = random.chance(0.5) ? stream.largestBlock : 1 << 20
            let outcome = Self.parse(random.chunks(stream.bytes), limit: limit)
            try #require(outcome.failure == nil)
            try #require(outcome.events == stream.events)
            try #require(outcome.lastEventID == stream.lastEventID)
            try #require(outcome.reconnectionTime == stream.reconnectionTime)
        }
    }
}
