import Courier
import Foundation
import Testing

@testable import CourierCore

@Suite("BodySpool", .timeLimit(.minutes(1)))  // a wait that broke would hang, not fail
struct BodySpoolTests {
    /// A destination in a directory of its own, removed by `body`'s end.
    static func withDestination(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory.appendingPathComponent("body.bin"))
    }

    static func files(beside destination: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path)
    }

    static func bytes(_ count: Int, _ value: UInt8) -> Data {
        Data(repeating: value, count: count)
    }

    @Test func readsBackWhatWasWrittenAndKeepsTheFileWhenDropped() async throws {
        try await Self.withDestination { destination in
            let spool = try BodySpool(writingTo: destination, at: 0)
            #expect(try Self.files(beside: destination) == ["body.bin"])
            let stopped = Locked(0)
            var body: ResponseBody? = ResponseBody(
                spooledBy: SpoolReader(spool) { stopped.withLock { $0 += 1 } }, expectedLength: nil)
            let parts = [Self.bytes(10, 1), Self.bytes(BodySpool.writeSize + 5, 2), Self.bytes(3, 3)]
            for part in parts { #expect(spool.append(part)) }
            spool.finish()
            var read = Data()
            for try await chunk in body! {
                #expect(chunk.count <= SpoolReader.Chunks.readSize)
                read.append(chunk)
            }
            #expect(read == parts.reduce(Data(), +))
            body = nil
            #expect(stopped.withLock { $0 } == 1)
            #expect(try Data(contentsOf: destination) == parts.reduce(Data(), +))  // the download's to remove
        }
    }

    /// A resumed body goes after the bytes the download has: the file is cut there, and a reader
    /// reads from there.
    @Test func aBodyWrittenFromAnOffsetCutsTheFileThereAndIsReadFromThere() async throws {
        try await Self.withDestination { destination in
            try (Self.bytes(100, 1) + Self.bytes(50, 9)).write(to: destination)
            let spool = try BodySpool(writingTo: destination, at: 100)
            let body = ResponseBody(spooledBy: SpoolReader(spool) {}, expectedLength: nil)
            #expect(spool.append(Self.bytes(30, 2)))
            spool.finish()
            var read = Data()
            for try await chunk in body { read.append(chunk) }
            #expect(read == Self.bytes(30, 2))
            #expect(spool.current.written == 30)
            #expect(try Data(contentsOf: destination) == Self.bytes(100, 1) + Self.bytes(30, 2))
        }
    }

    @Test func aReaderGetsChunksBeforeTheBodyEnds() async throws {
        try await Self.withDestination { destination in
            let spool = try BodySpool(writingTo: destination, at: 0)
            let body = ResponseBody(spooledBy: SpoolReader(spool) {}, expectedLength: nil)
            let first = Task { () -> Data? in
                var iterator = body.makeAsyncIterator()
                return try await iterator.next()
            }
            #expect(spool.append(Self.bytes(BodySpool.writeSize, 7)))  // a whole write: flushed at once
            #expect(spool.current.written == Int64(BodySpool.writeSize))
            #expect(spool.current.outcome == nil)
            let chunk = try await first.value
            #expect(chunk?.count == BodySpool.writeSize)
            spool.finish()
        }
    }

    @Test func aSlowBodyIsWrittenWithinTheFlushInterval() async throws {
        try await Self.withDestination { destination in
            let spool = try BodySpool(writingTo: destination, at: 0)
            #expect(spool.append(Self.bytes(10, 1)))
            #expect(spool.current.written == 0)  // gathered
            try await Task.sleep(for: BodySpool.flushInterval + .milliseconds(20))
            #expect(spool.append(Self.bytes(10, 2)))
            #expect(spool.current.written == 20)
            #expect(spool.current.outcome == nil)
            spool.finish()
        }
    }

    /// A failed body keeps what was gathered before the failure: the bytes a download resumes after.
    @Test func aFailureWritesWhatWasGatheredFirst() async throws {
        try await Self.withDestination { destination in
            let spool = try BodySpool(writingTo: destination, at: 0)
            #expect(spool.append(Self.bytes(100, 9)))
            #expect(spool.current.written == 0)  // gathered
            spool.finish(throwing: URLError(.networkConnectionLost))
            #expect(spool.current.written == 100)
            #expect(try Data(contentsOf: destination) == Self.bytes(100, 9))
        }
    }

    @Test func aFailureReachesTheReaderAfterTheBytesWritten() async throws {
        try await Self.withDestination { destination in
            let spool = try BodySpool(writingTo: destination, at: 0)
            let body = ResponseBody(spooledBy: SpoolReader(spool) {}, expectedLength: nil)
            #expect(spool.append(Self.bytes(BodySpool.writeSize, 4)))
            spool.finish(throwing: URLError(.networkConnectionLost))
            spool.finish()  // the first ending stands
            #expect(!spool.append(Self.bytes(1, 1)))
            var read = 0
            let error = await #expect(throws: URLError.self) {
                for try await chunk in body { read += chunk.count }
            }
            #expect(error?.code == .networkConnectionLost)
            #expect(read == BodySpool.writeSize)
        }
    }

    @Test func droppingTheReaderStopsTheTransfer() async throws {
        try await Self.withDestination { destination in
            let spool = try BodySpool(writingTo: destination, at: 0)
            let stopped = Locked(false)
            var reader: SpoolReader? = SpoolReader(spool) { stopped.withLock { $0 = true } }
            #expect(spool.append(Self.bytes(BodySpool.writeSize, 1)))
            _ = reader
            reader = nil
            #expect(stopped.withLock { $0 })
            #expect(!spool.append(Self.bytes(10, 1)))  // the transport stops on this
            #expect(spool.current.written == Int64(BodySpool.writeSize))
        }
    }

    @Test func aWaitingReaderStopsWhenItsTaskIsCancelled() async throws {
        try await Self.withDestination { destination in
            let spool = try BodySpool(writingTo: destination, at: 0)
            let body = ResponseBody(spooledBy: SpoolReader(spool) {}, expectedLength: nil)
            let reading = Task {
                for try await _ in body {}
            }
            try await Task.sleep(for: .milliseconds(50))
            reading.cancel()
            await #expect(throws: CancellationError.self) { try await reading.value }
        }
    }

    @Test func aSpoolThatCannotBeCreatedIsAStorageError() {
        let destination = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/body.bin")
        let error = #expect(throws: APIError.self) { try BodySpool(writingTo: destination, at: 0) }
        #expect(error?.kind == .storage)
    }
}
