import Foundation
import Testing

@testable import Courier

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

    @Test func readsBackWhatWasWrittenAndRemovesTheFileWhenDropped() async throws {
        try await Self.withDestination { destination in
            let spool = try BodySpool(beside: destination)
            #expect(try Self.files(beside: destination) == [spool.file.lastPathComponent])
            #expect(spool.file.lastPathComponent.hasPrefix(".body.bin."))
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
            #expect(try Self.files(beside: destination).isEmpty)
        }
    }

    @Test func aReaderGetsChunksBeforeTheBodyEnds() async throws {
        try await Self.withDestination { destination in
            let spool = try BodySpool(beside: destination)
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
            let spool = try BodySpool(beside: destination)
            #expect(spool.append(Self.bytes(10, 1)))
            #expect(spool.current.written == 0)  // gathered
            try await Task.sleep(for: BodySpool.flushInterval + .milliseconds(20))
            #expect(spool.append(Self.bytes(10, 2)))
            #expect(spool.current.written == 20)
            #expect(spool.current.outcome == nil)
            spool.finish()
        }
    }

    @Test func theFinishedFileCanBeTakenAndIsThenKept() async throws {
        try await Self.withDestination { destination in
            var spool: BodySpool? = try BodySpool(beside: destination)
            #expect(spool?.append(Self.bytes(100, 9)) == true)
            #expect(throws: CancellationError.self) { try spool?.take() }  // not finished yet
            spool?.finish()
            let file = try #require(try spool?.take())
            #expect(throws: CancellationError.self) { try spool?.take() }  // once
            spool?.release()
            spool = nil
            #expect(try Data(contentsOf: file) == Self.bytes(100, 9))
        }
    }

    @Test func aFailureReachesTheReaderAfterTheBytesWritten() async throws {
        try await Self.withDestination { destination in
            let spool = try BodySpool(beside: destination)
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
            #expect(throws: URLError.self) { try spool.take() }
        }
    }

    @Test func droppingTheReaderStopsTheTransferAndRemovesTheFile() async throws {
        try await Self.withDestination { destination in
            let spool = try BodySpool(beside: destination)
            let stopped = Locked(false)
            var reader: SpoolReader? = SpoolReader(spool) { stopped.withLock { $0 = true } }
            #expect(spool.append(Self.bytes(BodySpool.writeSize, 1)))
            _ = reader
            reader = nil
            #expect(stopped.withLock { $0 })
            #expect(!spool.append(Self.bytes(10, 1)))  // the transport stops on this
            #expect(try Self.files(beside: destination).isEmpty)
            #expect(throws: CancellationError.self) { try spool.take() }
        }
    }

    @Test func aWaitingReaderStopsWhenItsTaskIsCancelled() async throws {
        try await Self.withDestination { destination in
            let spool = try BodySpool(beside: destination)
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
        let error = #expect(throws: APIError.self) { try BodySpool(beside: destination) }
        #expect(error?.kind == .storage)
    }
}
