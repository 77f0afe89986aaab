import Courier
import CourierTesting
import Foundation
import Testing

/// A request's timeout and body, optional or not, are honoured.
@Suite("APIRequest: timeout and body spellings")
struct TimeoutAndBodySpellingTests {
    struct Slow<Timeout: TimeoutConvertible>: APIRequest {
        typealias Response = EmptyResponse
        var method: HTTPRequest.Method { .get }
        var path: String { "/slow" }
        var timeout: Timeout
    }

    @Test(arguments: [
        Slow(timeout: Duration.milliseconds(200)) as any APIRequest, Slow(timeout: Duration?.some(.milliseconds(200))),
    ])
    func theTimeoutIsTheCallsDeadline(_ request: any APIRequest) async throws {
        let clock = ManualClock()
        // A server that never answers: only the deadline ends the call.
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in
                try await clock.sleep(for: .seconds(3600))
                return .json("{}")
            }
        ) { $0.clock = clock }
        let call = Task { try await Self.send(request, with: client) }
        await clock.waitForDeadlines()
        await clock.advance(by: .milliseconds(199))
        #expect(clock.now.offset == .milliseconds(199))
        await clock.advance(by: .milliseconds(1))
        let error = await #expect(throws: APIError.self) { try await call.value }
        #expect(error?.kind == .timeout)
        #expect(error?.message == "The call did not complete within its time limit of 0.2 seconds.")
    }

    static func send(_ request: some APIRequest, with client: APIClient) async throws {
        _ = try await client.send(request)
    }

    @Test func nonOptionalBodyIsSent() async throws {
        struct Create: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .post }
            var path: String { "/todos" }
            var body: RequestBody { .json(["title": "milk"]) }
        }
        let recorder = Recorder()
        _ = try await recorder.client().send(Create())
        #expect(recorder.bodies.first == Data(#"{"title":"milk"}"#.utf8))
        #expect(recorder.requests.first?.headerFields[.contentType] == "application/json")
    }
}
