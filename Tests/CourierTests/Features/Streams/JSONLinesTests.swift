import Courier
import Foundation
import HTTPTypes
import Testing
@testable import CourierStreams

@Suite("JSON Lines")
struct JSONLinesTests {
    struct Entry: Decodable, Equatable, Sendable {
        var n: Int
    }

    struct ExportRequest: APIRequest {
        typealias Response = Entry
        var method: HTTPRequest.Method { .get }
        var path: String { "/export" }
    }

    static func entries(_ chunks: [String], maximumLineLength: Int = 1024) async throws -> [Int] {
        let transport = ScriptedStreamTransport([.init(contentType: "application/x-ndjson", chunks: chunks)])
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport)
        var values: [Int] = []
        for try await entry in client.jsonLines(ExportRequest(), maximumLineLength: maximumLineLength) {
            values.append(entry.n)
        }
        return values
    }

    @Test func decodesOneValuePerLineAcrossChunks() async throws {
        #expect(try await Self.entries(["{\"n\":1}\n{\"n\"", ":2}\r\n\n  \n{\"n\":3}"]) == [1, 2, 3])
    }

    @Test func readsJSONTextSequences() async throws {
        #expect(try await Self.entries(["\u{1E}{\"n\":1}\n\u{1E}{\"n\":2}\n"]) == [1, 2])
    }

    @Test func aMalformedLineFailsWithItsNumberAfterTheLinesBeforeIt() async throws {
        let transport = ScriptedStreamTransport([
            .init(
                contentType: "application/x-ndjson", chunks: ["{\"n\":1}\n\n{\"n\":2}\n{\"n\":\"three\"}\n{\"n\":4}\n"])
        ])
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport)
        var values: [Int] = []
        let error = await #expect(throws: APIError.self) {
            for try await entry in client.jsonLines(ExportRequest()) { values.append(entry.n) }
        }
        #expect(values == [1, 2])
        #expect(error?.kind == .decoding)
        #expect(error?.message.contains("Line 4") == true)
        #expect(error?.codingPath == ["n"])
        #expect(error?.body == Data("{\"n\":\"three\"}".utf8))
        #expect(error?.requestName == "ExportRequest")
    }

    @Test func aLongLineFailsWithItsNumber() async throws {
        let error = await #expect(throws: APIError.self) {
            _ = try await Self.entries(
                ["{\"n\":1}\n{\"n\":", String(repeating: " ", count: 64), "2}\n"], maximumLineLength: 32)
        }
        #expect(error?.kind == .bodyTooLarge)
        #expect(error?.message.contains("Line 2") == true)
    }

    @Test func aTruncatedLastLineIsAnError() async throws {
        let error = await #expect(throws: APIError.self) { _ = try await Self.entries(["{\"n\":1}\n{\"n\":"]) }
        #expect(error?.message.contains("Line 2") == true)
    }
}
