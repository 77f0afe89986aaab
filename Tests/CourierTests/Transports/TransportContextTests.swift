import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierCore
@testable import CourierDownloads

/// What the client tells a transport about each exchange: the same for every transport, stubs
/// included.
@Suite("TransportContext")
struct TransportContextTests {
    /// Records the contexts it is handed and answers `{}`.
    struct ContextSpy: Transport {
        let seen: Locked<[TransportContext]>
        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            seen.withLock { $0.append(context) }
            return (HTTPResponse(status: .ok), ResponseBody(Data("{}".utf8)))
        }
    }

    @Test func anOrdinaryCallHandsTheDeadlineAndTheLimitAndAsksForTheWholeBody() async throws {
        let seen = Locked<[TransportContext]>([])
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: ContextSpy(seen: seen)) {
            $0.timeout = .seconds(7)
            $0.maximumBodySize = 1234
        }
        let before = ContinuousClock.now
        _ = try await client.send(StubRequest())
        let after = ContinuousClock.now
        let context = try #require(seen.withLock { $0.first })
        #expect(context.readsWholeBody)
        #expect(context.bodyLimit == 1234)
        #expect(context.deadline >= before + .seconds(7) && context.deadline <= after + .seconds(7))
        #expect(context.networkAccess == NetworkAccess())
    }

    @Test func aStreamedCallAsksForAStream() async throws {
        let seen = Locked<[TransportContext]>([])
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: ContextSpy(seen: seen))
        _ = try await client.withBytes(StubRequest()) { _, body in
            for try await _ in body {}
        }
        #expect(seen.withLock { $0.first?.readsWholeBody } == false)
        #expect(seen.withLock { $0.first?.download } == nil)
    }

    @Test func aDownloadTellsTheTransportWhereTheBodyGoes() async throws {
        let seen = Locked<[TransportContext]>([])
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: ContextSpy(seen: seen))
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        try await client.download(StubRequest(), to: destination)
        #expect(seen.withLock { $0.first?.readsWholeBody } == false)
        #expect(seen.withLock { ($0.first?.download as? DownloadFile)?.destination } == destination)
        #expect(FileManager.default.fileExists(atPath: destination.path))
    }

    @Test func theRequestsOwnTimeoutSetsTheDeadline() async throws {
        struct Quick: APIRequest {
            typealias Response = Data
            var method: HTTPRequest.Method { .get }
            var path: String { "/quick" }
            var timeout: Duration { .milliseconds(250) }
        }
        let seen = Locked<[TransportContext]>([])
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: ContextSpy(seen: seen))
        let before = ContinuousClock.now
        _ = try await client.send(Quick())
        let deadline = try #require(seen.withLock { $0.first?.deadline })
        #expect(deadline < before + .seconds(1))
    }
}
