import Courier
import Foundation
import Testing
@testable import CourierStreams

/// The WHATWG rules for interpreting an event stream, one by one.
@Suite("Server-Sent Events: parser")
struct ServerSentEventParserTests {
    /// Parses `chunks` in order and returns every event dispatched.
    static func events(_ chunks: [String], parser: inout ServerSentEventParser) throws -> [ServerSentEvent<String>] {
        try chunks.flatMap { try parser.parse(Data($0.utf8)) }
    }

    static func events(_ chunks: String...) throws -> [ServerSentEvent<String>] {
        var parser = ServerSentEventParser()
        return try events(chunks, parser: &parser)
    }

    static func bytes(_ chunks: [UInt8]...) throws -> [ServerSentEvent<String>] {
        var parser = ServerSentEventParser()
        return try chunks.flatMap { try parser.parse(Data($0)) }
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func everyLineEndingEndsALine(_ end: String) throws {
        let stream = "data: one\(end)data: two\(end)\(end)data: three\(end)\(end)"
        #expect(try Self.events(stream).map(\.data) == ["one\ntwo", "three"])
    }

    @Test func mixedLineEndings() throws {
        #expect(try Self.events("data: a\rdata: b\ndata: c\r\n\r\n").map(\.data) == ["a\nb\nc"])
    }

    @Test func aCRLFSplitAcrossChunksIsOneLineEnding() throws {
        // If the LF after the CR were a second line ending, the blank line would dispatch early.
        let events = try Self.events("data: a\r", "\ndata: b\r", "\n\r", "\n")
        #expect(events.map(\.data) == ["a\nb"])
    }

    @Test func aCRAtTheEndOfAChunkFollowedByTextIsALineEnding() throws {
        #expect(try Self.events("data: a\r", "data: b\r", "\r").map(\.data) == ["a\nb"])
    }

    @Test func anyChunkingGivesTheSameEvents() throws {
        let stream = "\u{FEFF}id: 1\r\nevent: tick\r\ndata: α\r\ndata: β\r\nretry: 250\r\n\r\n: comment\rdata: z\n\n"
        let whole = try Self.events(stream)
        let bytes = Array(stream.utf8)
        for size in 1...5 {
            var parser = ServerSentEventParser()
            let chunks = stride(from: 0, to: bytes.count, by: size).map {
                Data(bytes[$0..<min($0 + size, bytes.count)])
            }
            let split = try chunks.flatMap { try parser.parse($0) }
            #expect(split == whole, "chunks of \(size) bytes")
        }
        #expect(whole.count == 2)
        #expect(whole.first == ServerSentEvent(id: "1", event: "tick", data: "α\nβ", retry: .milliseconds(250)))
    }

    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        #expect(try Self.bytes([0xEF, 0xBB, 0xBF] + Array("data: x\n\n".utf8)).map(\.data) == ["x"])
        // Split across chunks too.
        #expect(try Self.bytes([0xEF], [0xBB], [0xBF] + Array("data: y\n\n".utf8)).map(\.data) == ["y"])
    }

    @Test func onlyOneByteOrderMarkAtTheStartIsSkipped() throws {
        // A second one makes the field name "\u{FEFF}data", which is unknown: nothing is dispatched.
        #expect(try Self.bytes([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("data: x\n\n".utf8)).isEmpty)
        // One later in the stream is part of the line, not skipped.
        #expect(try Self.bytes(Array("data: a\n\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("data: b\n\n".utf8)).count == 1)
    }

    @Test func commentsAreIgnored() throws {
        #expect(try Self.events(": keep-alive\n\n:\n\ndata: x\n: between\ndata: y\n\n").map(\.data) == ["x\ny"])
    }

    @Test func aFieldWithoutAColonHasAnEmptyValue() throws {
        // `data` alone appends an empty line: an event whose data is empty is dispatched.
        #expect(try Self.events("data\n\n").map(\.data) == [""])
        #expect(try Self.events("data\ndata\n\n").map(\.data) == ["\n"])
        // `event` alone resets the type to "message".
        #expect(try Self.events("event\ndata: x\n\n").map(\.event) == ["message"])
    }

    @Test func onlyOneSpaceAfterTheColonIsRemoved() throws {
        #expect(try Self.events("data:x\n\n").map(\.data) == ["x"])
        #expect(try Self.events("data: x\n\n").map(\.data) == ["x"])
        #expect(try Self.events("data:  x \n\n").map(\.data) == [" x "])
        #expect(try Self.events("data:\tx\n\n").map(\.data) == ["\tx"])
    }

    @Test func theValueKeepsLaterColons() throws {
        #expect(try Self.events("data: a: b:c\n\n").map(\.data) == ["a: b:c"])
    }

    @Test func multiLineDataIsJoinedWithLineFeeds() throws {
        #expect(try Self.events("data: a\ndata:\ndata: c\n\n").map(\.data) == ["a\n\nc"])
    }

    @Test func anEventWithoutDataIsNotDispatched() throws {
        #expect(try Self.events("event: ping\n\n").isEmpty)
        #expect(try Self.events("id: 7\n\n").isEmpty)
        #expect(try Self.events("retry: 10\n\n").isEmpty)
        #expect(try Self.events("\n\n\n").isEmpty)
    }

    @Test func eventSetsTheTypeForOneEventOnly() throws {
        let events = try Self.events("event: add\ndata: 1\n\ndata: 2\n\nevent: a\nevent: b\ndata: 3\n\n")
        #expect(events.map(\.event) == ["add", "message", "b"])
    }

    @Test func idIsTheLastEventIDAndPersists() throws {
        var parser = ServerSentEventParser()
        let events = try Self.events(["id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\n"], parser: &parser)
        #expect(events.map(\.id) == ["1", "1", nil])
        #expect(parser.lastEventID == "")
    }

    @Test func anIDContainingNULIsIgnored() throws {
        var parser = ServerSentEventParser()
        let events = try Self.events(["id: 1\ndata: a\n\nid: 2\0x\ndata: b\n\n"], parser: &parser)
        #expect(events.map(\.id) == ["1", "1"])
        #expect(parser.lastEventID == "1")
    }

    @Test func theLastEventIDChangesOnlyWhenABlockEnds() throws {
        var parser = ServerSentEventParser()
        _ = try Self.events(["id: 1\ndata: a\n\nid: 2\ndata: b\n"], parser: &parser)
        #expect(parser.lastEventID == "1")
        // A block without data still sets it.
        _ = try Self.events(["\nid: 3\n\n"], parser: &parser)
        #expect(parser.lastEventID == "3")
    }

    @Test func retryTakesDigitsOnly() throws {
        for (value, expected) in [
            ("1500", Duration.milliseconds(1500)), ("0", .zero), ("007", .milliseconds(7)),
        ] {
            var parser = ServerSentEventParser()
            let events = try Self.events(["retry: \(value)\ndata: x\n\n"], parser: &parser)
            #expect(parser.reconnectionTime == expected)
            #expect(events.first?.retry == expected)
        }
        for value in ["-5", "+5", "1.5", "5s", "  5", "5 ", "", "٣"] {
            var parser = ServerSentEventParser()
            let events = try Self.events(["retry:\(value)\ndata: x\n\n"], parser: &parser)
            #expect(parser.reconnectionTime == nil, "retry:\(value)")
            #expect(events.first?.retry == nil)
        }
    }

    @Test func aHugeRetrySaturates() throws {
        var parser = ServerSentEventParser()
        _ = try Self.events(["retry: 99999999999999999999999999\n\n"], parser: &parser)
        #expect(parser.reconnectionTime == .milliseconds(Int64.max))
    }

    @Test func retryWithoutDataStillSetsTheReconnectionTime() throws {
        var parser = ServerSentEventParser()
        #expect(try Self.events(["retry: 40\n\n"], parser: &parser).isEmpty)
        #expect(parser.reconnectionTime == .milliseconds(40))
    }

    @Test func unknownFieldsAreIgnored() throws {
        #expect(try Self.events("foo: bar\nDATA: no\ndata: yes\n\n").map(\.data) == ["yes"])
    }

    @Test func anIncompleteEventAtTheEndIsNotDispatched() throws {
        #expect(try Self.events("data: a\n\ndata: b\n").map(\.data) == ["a"])
        #expect(try Self.events("data: a\n\ndata: b").map(\.data) == ["a"])
    }

    @Test func restartDiscardsThePartialEventAndKeepsTheIDAndRetry() throws {
        var parser = ServerSentEventParser()
        _ = try Self.events(["retry: 9\nid: 4\ndata: a\n\nid: 5\ndata: par"], parser: &parser)
        parser.restart()
        let events = try Self.events(["tial\n\ndata: b\n\n"], parser: &parser)
        // "tial" is a field without a colon: ignored. The partial block's id 5 never counted.
        #expect(events == [ServerSentEvent(id: "4", data: "b")])
        #expect(parser.reconnectionTime == .milliseconds(9))
    }

    @Test func invalidUTF8IsReplaced() throws {
        #expect(try Self.bytes(Array("data: a".utf8) + [0xFF] + Array("\n\n".utf8)).map(\.data) == ["a\u{FFFD}"])
    }

    @Test func anEventPastTheLimitFails() throws {
        var parser = ServerSentEventParser(maximumEventSize: 16)
        let error = #expect(throws: APIError.self) {
            _ = try parser.parse(Data(("data: " + String(repeating: "x", count: 32)).utf8))
        }
        #expect(error?.kind == .bodyTooLarge)
        var lines = ServerSentEventParser(maximumEventSize: 16)
        #expect(throws: APIError.self) {
            _ = try lines.parse(Data(String(repeating: "data: xxxxx\n", count: 4).utf8))
        }
    }

    @Test func anEventPastTheLimitFailsEvenWhenOneChunkHoldsAllOfIt() throws {
        // Found by a property test: only the line a chunk ended in was held to the limit, so the
        // same stream failed in small chunks and gave a 32-byte event in one.
        var parser = ServerSentEventParser(maximumEventSize: 16)
        let error = #expect(throws: APIError.self) {
            _ = try parser.parse(Data(("data: " + String(repeating: "x", count: 32) + "\n\n").utf8))
        }
        #expect(error?.kind == .bodyTooLarge)
        var lines = ServerSentEventParser(maximumEventSize: 16)
        #expect(throws: APIError.self) {
            _ = try lines.parse(Data((String(repeating: "data: xxxxx\n", count: 4) + "\n").utf8))
        }
    }

    @Test func theBodyAdapterParsesChunksAsTheyArrive() async throws {
        let body = ResponseBody(AsyncStreamOfChunks(["data: a\r", "\n\r\ndata: b\n", "\n", "data: never"]))
        var received: [String] = []
        for try await event in body.serverSentEvents() { received.append(event.data) }
        #expect(received == ["a", "b"])
    }
}

/// Chunks delivered one by one, as a transport would.
struct AsyncStreamOfChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let chunks: [String]

    init(_ chunks: [String]) {
        self.chunks = chunks
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: chunks.map { Data($0.utf8) })
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: [Data]

        mutating func next() async throws -> Data? {
            await Task.yield()
            return chunks.isEmpty ? nil : chunks.removeFirst()
        }
    }
}
