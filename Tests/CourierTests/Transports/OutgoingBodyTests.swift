import Courier
import CourierTesting
import Foundation
import Logging
import Testing

@Suite("OutgoingBody")
struct OutgoingBodyTests {
    static func file(_ contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-body-\(UUID().uuidString)")
        try contents.write(to: url)
        return url
    }

    static func collect(_ chunks: OutgoingBody.Chunks) async throws -> [Data] {
        var parts: [Data] = []
        for try await chunk in chunks { parts.append(chunk) }
        return parts
    }

    @Test func bytesInMemoryComeInChunksOfTheAskedSize() async throws {
        let body = OutgoingBody(Data("abcdefg".utf8))
        #expect(body.length == 7)
        #expect(body.data == Data("abcdefg".utf8))
        #expect(body.fileURL == nil)
        let parts = try await Self.collect(body.chunks(ofSize: 3))
        #expect(parts.map { String(decoding: $0, as: UTF8.self) } == ["abc", "def", "g"])
    }

    @Test func aFileIsReadInChunksEachTimeItIsSent() async throws {
        let contents = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let url = try Self.file(contents)
        defer { try? FileManager.default.removeItem(at: url) }
        let body = try OutgoingBody.file(url)
        #expect(body.length == 200_000)
        #expect(body.data == nil)
        #expect(body.fileURL == url)
        for _ in 0..<2 {
            let parts = try await Self.collect(body.chunks(ofSize: 65_536))
            #expect(parts.map(\.count) == [65_536, 65_536, 65_536, 3_392])
            #expect(Data(parts.joined()) == contents)
        }
        #expect(try body.collect() == contents)
    }

    @Test func aMissingFileOrADirectoryIsAStorageError() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString)")
        #expect(throws: APIError.self) { try OutgoingBody.file(missing) }
        let directory = #expect(throws: APIError.self) { try OutgoingBody.file(FileManager.default.temporaryDirectory) }
        #expect(directory?.kind == .storage)
        let remote = #expect(throws: APIError.self) { try OutgoingBody.file(URL(string: "https://example.com/a")!) }
        #expect(remote?.kind == .storage)
    }

    @Test func aRetrySendsTheFileAgainFromTheStart() async throws {
        let contents = Data(repeating: 7, count: 100_000)
        let url = try Self.file(contents)
        defer { try? FileManager.default.removeItem(at: url) }
        let recording = RecordingTransport(
            .sequence([.status(.serviceUnavailable), .json("{}")])
        )
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: recording,
            interceptors: [RetryInterceptor(policy: RetryPolicy(), budget: nil, random: { 0 })]
        )
        let sent = Locked<[Int64]>([])
        _ = try await client.upload(StubRequest(method: .put, body: .file(url))) { progress in
            sent.withLock { $0.append(progress.completedBytes) }
        }
        #expect(recording.records.map(\.body) == [contents, contents])
        #expect(recording.records.first?.request.headerFields[.contentType] == "application/octet-stream")
        #expect(sent.withLock { $0 } == [100_000, 100_000])
    }

    @Test func debugLoggingNamesAFileBodyWithoutReadingIt() async throws {
        let url = try Self.file(Data("secret-contents".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let capture = LogCapture()
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in .json("{}") },
            interceptors: [LoggingInterceptor(level: .info)]
        ) { $0.logger = capture.logger(level: .debug) }
        _ = try await client.send(StubRequest(method: .post, body: .file(url)))
        let text = capture.text
        #expect(text.contains("(15 bytes from \(url.lastPathComponent))"))
        #expect(!text.contains("secret-contents"))
    }
}
