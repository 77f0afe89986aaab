import Courier
import CourierTesting
import Foundation
import Testing

/// A request's timeout and body in the spellings other libraries use are honoured.
@Suite("APIRequest: timeout and body spellings")
struct TimeoutAndBodySpellingTests {
    struct Slow<Timeout: TimeoutConvertible>: APIRequest {
        typealias Response = EmptyResponse
        var method: HTTPRequest.Method { .get }
        var path: String { "/slow" }
        var timeout: Timeout
    }

    static let slowClient = APIClient(
        baseURL: URL(string: "https://api.example.com")!,
        transport: StubTransport(latency: .seconds(5)) { _, _ in .json("{}") })

    @Test func timeIntervalAndNonOptionalDurationAreTheCallsDeadline() async throws {
        for request in [
            Slow(timeout: 0.2 as TimeInterval) as any APIRequest, Slow(timeout: Duration.milliseconds(200)),
            Slow(timeout: Duration?.some(.milliseconds(200))),
        ] {
            let started = ContinuousClock.now
            let error = await #expect(throws: APIError.self) { try await Self.send(request) }
            #expect(error?.kind == .timeout)
            #expect(ContinuousClock.now - started < .seconds(3))
        }
    }

    static func send(_ request: some APIRequest) async throws {
        _ = try await slowClient.send(request)
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
