import Courier
import CourierTesting
import Foundation
import Testing

@Suite("ResponseBody")
struct ResponseBodyTests {
    static func chunks(_ parts: [String]) -> AsyncStream<Data> {
        AsyncStream { continuation in
            for part in parts { continuation.yield(Data(part.utf8)) }
            continuation.finish()
        }
    }

    @Test func collectsStreamedChunksInOrder() async throws {
        let body = ResponseBody(Self.chunks(["ab", "cd", "e"]))
        #expect(body.bufferedData == nil)
        #expect(try await body.collect(upTo: 5) == Data("abcde".utf8))
    }

    @Test func stopsAtTheLimitWithOrWithoutAnAnnouncedLength() async throws {
        let unannounced = ResponseBody(Self.chunks(["abc", "def"]))
        let error = await #expect(throws: APIError.self) { try await unannounced.collect(upTo: 5) }
        #expect(error?.kind == .bodyTooLarge)

        let announced = ResponseBody(Self.chunks([]), expectedLength: 1_000_000)
        let early = await #expect(throws: APIError.self) { try await announced.collect(upTo: 5) }
        #expect(early?.kind == .bodyTooLarge)
        #expect(early?.message.contains("1000000 bytes") == true)
    }

    @Test func bufferedBodyIteratesOnce() async throws {
        let body = ResponseBody(Data("xyz".utf8))
        #expect(body.bufferedData == Data("xyz".utf8))
        var chunks: [Data] = []
        for try await chunk in body { chunks.append(chunk) }
        #expect(chunks == [Data("xyz".utf8)])
        #expect(try await ResponseBody(Data()).collect(upTo: 0).isEmpty)
    }
}
