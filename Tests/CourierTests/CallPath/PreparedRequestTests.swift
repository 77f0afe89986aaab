import Courier
import CourierTesting
import Foundation
import Testing

/// Requests built elsewhere (by a generated OpenAPI client) through the client's one call path,
/// over stub transports.
@Suite("APIClient: prepared requests")
struct ExchangeTests {
    @Test func joinsTheEncodedPathAndQueryToTheBaseURLsPath() async throws {
        let seen = Locked<HTTPRequest?>(nil)
        let stub = StubTransport { request, _ in
            seen.withLock { $0 = request }
            return .json("{}")
        }
        let client = APIClient(transport: stub) { $0.headers = [HTTPField.Name("X-App")!: "demo"] }
        var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/users/a%20b?q=1%2B1&x=y")
        request.headerFields[.accept] = "application/json"
        let (response, _) = try await client.send(
            request, body: nil, baseURL: URL(string: "https://api.example.com/v1/")!, name: "getUser",
            streamsResponse: false)
        #expect(response.status == .ok)
        let sent = try #require(seen.withLock { $0 })
        #expect(sent.scheme == "https")
        #expect(sent.authority == "api.example.com")
        #expect(sent.path == "/v1/users/a%20b?q=1%2B1&x=y")
        #expect(sent.headerFields[.accept] == "application/json")
        #expect(sent.headerFields[HTTPField.Name("X-App")!] == "demo")
        #expect(sent.headerFields[.userAgent] != nil)
    }

    @Test(arguments: ["/users/..", "/users/%2e%2e/admin", "//evil.example.com/x"])
    func refusesAPathThatCouldLeaveTheBaseURL(_ path: String) async throws {
        let stub = StubTransport { request, _ in
            Issue.record("sent \(request)")
            return .json("{}")
        }
        let client = APIClient(transport: stub)
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: path)
        let error = await #expect(throws: APIError.self) {
            try await client.send(
                request, body: nil, baseURL: URL(string: "https://api.example.com/v1")!, name: "op",
                streamsResponse: false)
        }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.requestName == "op")
    }

    @Test func aStreamedRequestBodyArrivesWhole() async throws {
        let received = Locked<Data?>(nil)
        let stub = StubTransport { _, body in
            received.withLock { $0 = body }
            return .json("{}")
        }
        let parts = [Data("hello, ".utf8), Data(), Data("world".utf8)]
        let body = OutgoingBody(length: nil) {
            let index = Locked(0)
            return {
                index.withLock { index in
                    defer { index += 1 }
                    return index < parts.count ? parts[index] : nil
                }
            }
        }
        #expect(body.isStreamed)
        #expect(body.length == -1)
        let client = APIClient(transport: stub)
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/upload")
        _ = try await client.send(
            request, body: body, baseURL: URL(string: "https://api.example.com")!, name: "upload",
            streamsResponse: false)
        #expect(received.withLock { $0 } == Data("hello, world".utf8))
    }

    @Test func aStreamedBodyIsSplitIntoChunksOfTheAskedSize() async throws {
        let body = OutgoingBody(length: 10) {
            let sent = Locked(false)
            return {
                sent.withLock { sent in
                    defer { sent = true }
                    return sent ? nil : Data("0123456789".utf8)
                }
            }
        }
        var sizes: [Int] = []
        for try await chunk in body.chunks(ofSize: 4) { sizes.append(chunk.count) }
        #expect(sizes == [4, 4, 2])
    }

    /// Answers at once with a body that sends a byte every 100 ms of `clock`'s time, 50 times.
    struct TrickleTransport: Transport {
        let clock: ManualClock

        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            let clock = clock
            let chunks = AsyncThrowingStream<Data, any Error> { continuation in
                let task = Task {
                    for _ in 0..<50 {
                        try await clock.sleep(for: .milliseconds(100))
                        continuation.yield(Data("x".utf8))
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
            return (HTTPResponse(status: .ok), ResponseBody(chunks))
        }
    }

    @Test func aStreamedResponseIsReadUnderTheCallsDeadline() async throws {
        let clock = ManualClock()
        let client = APIClient(transport: TrickleTransport(clock: clock)) {
            $0.timeout = .milliseconds(500)
            $0.clock = clock
        }
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/slow")
        let (response, body) = try await client.send(
            request, body: nil, baseURL: URL(string: "https://api.example.com")!, name: "slow",
            streamsResponse: true)
        #expect(response.status == .ok)
        let count = Locked(0)
        let reading = Task {
            for try await chunk in body { count.withLock { $0 += chunk.count } }
        }
        // Five steps of 100 ms reach the 500 ms deadline.
        for _ in 0..<5 {
            await clock.waitForSleepers()
            await clock.advance(by: .milliseconds(100))
        }
        let error = await #expect(throws: APIError.self) { try await reading.value }
        #expect(error?.kind == .timeout)
        #expect(error?.requestName == "slow")
        #expect(count.withLock { $0 } <= 5)
        #expect(clock.now.offset == .milliseconds(500))
    }
}
