import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// Streams replay chunk by chunk, on the client's clock; downloads replay into a file.
@Suite("CassetteTransport: streams")
struct CassetteStreamTests {
    struct Line: Codable, Equatable, Sendable {
        var n: Int
    }

    struct Lines: APIRequest {
        typealias Response = Line
        var method: HTTPRequest.Method { .get }
        var path: String { "/lines" }
    }

    struct Events: APIRequest {
        typealias Response = Line
        var method: HTTPRequest.Method { .get }
        var path: String { "/events" }
    }

    struct File: APIRequest {
        typealias Response = Data
        var method: HTTPRequest.Method { .get }
        var path: String { "/backup.bin" }
    }

    /// Sends each chunk after its delay, slept on the client's clock when the reader asks for it.
    struct PacedStream: Transport {
        let contentType: String
        let chunks: [(Duration, String)]

        struct Chunks: AsyncSequence, Sendable {
            let chunks: [(Duration, String)]
            let clock: any Clock<Duration>

            struct AsyncIterator: AsyncIteratorProtocol {
                let chunks: Chunks
                var index = 0

                mutating func next() async throws -> Data? {
                    guard index < chunks.chunks.count else { return nil }
                    let (delay, text) = chunks.chunks[index]
                    index += 1
                    try await chunks.clock.sleep(for: delay)
                    return Data(text.utf8)
                }
            }

            func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: self) }
        }

        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            let body = Chunks(chunks: chunks, clock: context.clock)
            return (HTTPResponse(status: .ok, headerFields: [.contentType: contentType]), ResponseBody(body))
        }
    }

    static let lines = PacedStream(
        contentType: "application/jsonl",
        chunks: [(.zero, "{\"n\": 1}\n"), (.milliseconds(250), "{\"n\": 2}\n{\"n\""), (.milliseconds(500), ": 3}\n")])

    static func recordLines(to file: URL) async throws {
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: Self.lines)
        let client = Cassettes.client(recorder) { $0.clock = ManualClock(advancesOnSleep: true) }
        var received: [Line] = []
        for try await line in client.jsonLines(Lines()) { received.append(line) }
        #expect(received.map(\.n) == [1, 2, 3])
        try recorder.finish()
    }

    @Test func recordsEachChunkWithItsTimeOnTheClientsClock() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        try await Self.recordLines(to: file)
        let content = try #require(
            (try Cassettes.entries(file).first?["response"] as? [String: Any])?["content"] as? [String: Any])
        let chunks = try #require(content["_chunks"] as? [[String: Double]])
        #expect(chunks.map { $0["size"] } == [9, 13, 5])
        #expect(chunks.map { $0["time"] } == [0, 250, 750])
        #expect(content["text"] as? String == "{\"n\": 1}\n{\"n\": 2}\n{\"n\": 3}\n")
    }

    @Test func replaysChunkByChunkWithTheRecordedSpacingOnAManualClock() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        try await Self.recordLines(to: file)

        let clock = ManualClock()
        let replayer = try CassetteTransport(file, recordingFrom: Cassettes.offline, pacing: .asRecorded)
        let client = Cassettes.client(replayer) { $0.clock = clock }
        let received = Locked<[Int]>([])
        let reading = Task {
            for try await line in client.jsonLines(Lines()) { received.withLock { $0.append(line.n) } }
        }
        await clock.waitForSleepers()
        #expect(await Self.settled(received) == [1])  // the first chunk, then a wait of 250 ms
        await clock.advance(by: .milliseconds(250))
        await clock.waitForSleepers()
        #expect(await Self.settled(received) == [1, 2])  // the third line is cut across two chunks
        await clock.advance(by: .milliseconds(500))
        try await reading.value
        #expect(received.withLock { $0 } == [1, 2, 3])
        #expect(clock.sleeps == [.milliseconds(250), .milliseconds(500)])
    }

    /// What the reader has received once it has had the chance to take what was handed over.
    static func settled(_ received: Locked<[Int]>) async -> [Int] {
        for _ in 0..<100 { await Task.yield() }
        return received.withLock { $0 }
    }

    @Test func replaysAtFullSpeedWithoutSleeping() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        try await Self.recordLines(to: file)
        let clock = ManualClock(advancesOnSleep: true)
        let replayer = try CassetteTransport(file, recordingFrom: Cassettes.offline)
        let client = Cassettes.client(replayer) { $0.clock = clock }
        var received: [Int] = []
        for try await line in client.jsonLines(Lines()) { received.append(line.n) }
        #expect(received == [1, 2, 3])
        #expect(clock.sleeps.isEmpty)
    }

    @Test func replaysServerSentEvents() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let upstream = PacedStream(
            contentType: "text/event-stream",
            chunks: [(.zero, "id: 1\ndata: {\"n\": 1}\n\n"), (.seconds(1), "id: 2\ndata: {\"n\": 2}\n\n")])
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream)
        let recording = Cassettes.client(recorder) { $0.clock = ManualClock(advancesOnSleep: true) }
        var recorded: [Int] = []
        for try await event in recording.events(Events(), reconnection: .never) { recorded.append(event.data.n) }

        let clock = ManualClock(advancesOnSleep: true)
        let replayer = try CassetteTransport(file, recordingFrom: Cassettes.offline, pacing: .asRecorded)
        let client = Cassettes.client(replayer) { $0.clock = clock }
        var replayed: [Int] = []
        for try await event in client.events(Events(), reconnection: .never) { replayed.append(event.data.n) }
        #expect(replayed == [1, 2])
        #expect(replayed == recorded)
        #expect(clock.sleeps == [.seconds(1)])
    }

    @Test func replaysADownloadIntoAFile() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let bytes = Data((0..<5000).map { UInt8($0 % 251) })
        let upstream = StubTransport { _, _ in
            StubTransport.Reply(headerFields: [.contentType: "application/octet-stream"], body: bytes)
        }
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream)
        let first = file.deletingLastPathComponent().appendingPathComponent("first.bin")
        try await Cassettes.client(recorder).download(File(), to: first)

        let replayer = try CassetteTransport(file, recordingFrom: Cassettes.offline)
        let destination = file.deletingLastPathComponent().appendingPathComponent("backup.bin")
        let head = try await Cassettes.client(replayer).download(File(), to: destination)
        #expect(head.status == .ok)
        #expect(try Data(contentsOf: destination) == bytes)
        #expect(try Data(contentsOf: first) == bytes)
    }
}
