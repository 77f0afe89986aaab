import Courier
import CourierTesting
import Foundation
import HTTPTypes
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
        var collected = Data()
        for try await chunk in body { collected.append(chunk) }
        #expect(collected == Data("abcde".utf8))
    }

    /// Answers every request with one body, made afresh each time.
    struct BodyTransport: Transport {
        let makeBody: @Sendable () -> ResponseBody
        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            (HTTPResponse(status: .ok), makeBody())
        }
    }

    private func error(reading body: @escaping @Sendable () -> ResponseBody) async -> APIError? {
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!, transport: BodyTransport(makeBody: body)
        ) { $0.maximumBodySize = 5 }
        return await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
    }

    @Test func theClientStopsAtTheLimitWithOrWithoutAnAnnouncedLength() async throws {
        let unannounced = await error { ResponseBody(Self.chunks(["abc", "def"])) }
        #expect(unannounced?.kind == .bodyTooLarge)
        #expect(unannounced?.response?.status == .ok)

        let announced = await error { ResponseBody(Self.chunks([]), expectedLength: 1_000_000) }
        #expect(announced?.kind == .bodyTooLarge)
        #expect(announced?.message.contains("1000000 bytes") == true)

        let buffered = await error { ResponseBody(Data("abcdef".utf8)) }
        #expect(buffered?.kind == .bodyTooLarge)

        let stoppedByTheTransport = await error { .exceedingLimit(announcedLength: 42) }
        #expect(stoppedByTheTransport?.kind == .bodyTooLarge)
        #expect(stoppedByTheTransport?.message.contains("42 bytes") == true)
    }

    @Test func aBodyThatFailedAfterTheHeadKeepsTheHead() async throws {
        let failed = await error { ResponseBody(failure: URLError(.networkConnectionLost)) }
        #expect(failed?.kind == .transport)
        #expect(failed?.response?.status == .ok)
        #expect(failed?.message == "The connection failed while the body was read.")
        #expect(failed?.underlying is URLError)
    }

    @Test func bufferedBodyIteratesOnce() async throws {
        let body = ResponseBody(Data("xyz".utf8))
        #expect(body.bufferedData == Data("xyz".utf8))
        var chunks: [Data] = []
        for try await chunk in body { chunks.append(chunk) }
        #expect(chunks == [Data("xyz".utf8)])
        for try await _ in ResponseBody(Data()) { Issue.record("An empty body has no chunk.") }
    }
}
