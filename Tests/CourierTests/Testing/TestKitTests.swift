import Courier
import CourierTesting
import Foundation
import Testing

/// The test kit's own behaviour: sequences, latency, failures, loud unexpected requests.
@Suite("CourierTesting")
struct TestKitTests {
    struct Text: APIRequest {
        typealias Response = String
        var method: HTTPRequest.Method { .get }
        var path: String { "/x" }
    }

    static func client(_ transport: some Transport) -> APIClient {
        APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport)
    }

    @Test func sequenceAnswersInOrder() async throws {
        let client = Self.client(StubTransport.sequence([.json(#""one""#), .status(.notFound), .json(#""three""#)]))
        #expect(try await client.send(Text()) == #""one""#)
        let error = await #expect(throws: APIError.self) { try await client.send(Text()) }
        #expect(error?.status == .notFound)
        #expect(try await client.send(Text()) == #""three""#)
    }

    @Test func unexpectedRequestFailsTheTestLoudly() async throws {
        let client = Self.client(StubTransport.sequence([]))
        try await withKnownIssue {
            let error = await #expect(throws: APIError.self) { try await client.send(Text()) }
            let unexpected = try #require(error?.underlying as? UnexpectedRequest)
            #expect(unexpected.description.contains("GET https://api.example.com/x"))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Unexpected request (the sequence has only 0 steps)") }
        }
    }

    @Test func samplesFailLoudlyForAnotherEndpoint() async throws {
        let client = APIClient(transport: try StubTransport.samples(of: [DemoTarget.users]))
        await withKnownIssue {
            _ = try? await client.send(DemoTarget.todos, as: Data.self)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("GET https://stub.example/todos") }
        }
    }

    @Test func latencyDelaysEachAnswerOnTheClientsClock() async throws {
        let clock = ManualClock(advancesOnSleep: true)
        var client = Self.client(StubTransport.sequence([.json(#""a""#)], latency: .milliseconds(200)))
        client.configuration.clock = clock
        _ = try await client.send(Text())
        #expect(clock.sleeps == [.milliseconds(200)])
        #expect(clock.now.offset == .milliseconds(200))
    }

    @Test func latencyIsCutShortByTheDeadline() async throws {
        let clock = ManualClock()
        var client = Self.client(StubTransport.sequence([.json(#""a""#)], latency: .seconds(30)))
        client.configuration.timeout = .milliseconds(100)
        client.configuration.clock = clock
        let call = Task { try await client.send(Text()) }
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(100))
        let error = await #expect(throws: APIError.self) { try await call.value }
        #expect(error?.kind == .timeout)
    }

    /// An hour of latency: a call that ends at all ended by its deadline. No bound on this test's
    /// clock (a loaded TSan run took 21 s when the cooperative pool was held); the time limit only
    /// stops a test that would hang.
    @Test(.timeLimit(.minutes(3))) func latencyOverTheSystemClockEndsByTheDeadline() async throws {
        var client = Self.client(StubTransport.sequence([.json(#""a""#)], latency: .seconds(3600)))
        client.configuration.timeout = .milliseconds(50)
        let error = await #expect(throws: APIError.self) { try await client.send(Text()) }
        #expect(error?.kind == .timeout)
    }

    @Test func scriptedTransportFailuresMapToTheirKinds() async throws {
        // A GET whose connection was lost is sent again once by the client itself: two resets fail it.
        let client = Self.client(
            StubTransport.sequence([.connectionReset, .connectionReset, .timedOut, .cannotConnect]))
        let reset = await #expect(throws: APIError.self) { try await client.send(Text()) }
        let timedOut = await #expect(throws: APIError.self) { try await client.send(Text()) }
        let refused = await #expect(throws: APIError.self) { try await client.send(Text()) }
        #expect(reset?.kind == .transport)
        #expect(timedOut?.kind == .timeout)
        #expect(refused?.kind == .transport)
    }

    @Test func recordingTransportShowsWhatWasSent() async throws {
        struct NewTodo: Codable, Sendable, Equatable {
            var title: String
        }
        struct Create: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .post }
            var path: String { "/todos" }
            var query: QueryParameters { ["list": "home & garden"] }
            var body: RequestBody? { .json(NewTodo(title: "Milk")) }
        }
        let recorder = RecordingTransport(.sequence([.json("{}")]))
        _ = try await Self.client(recorder).send(Create())
        let sent = try #require(recorder.last)
        #expect(sent.method == .post)
        #expect(sent.path == "/todos")
        #expect(sent.query("list") == "home & garden")
        #expect(try sent.decodedBody(as: NewTodo.self) == NewTodo(title: "Milk"))
        #expect(recorder.records.count == 1)
        recorder.reset()
        #expect(recorder.records.isEmpty)
    }

    @Test func fixturesLoadFromTheTestBundle() throws {
        let data = try StubTransport.Fixture.data("timetable", in: .module)
        #expect(String(decoding: data, as: UTF8.self).contains("3-A"))
        #expect(throws: StubTransport.Fixture.Missing.self) { try StubTransport.Fixture.data("nope", in: .module) }
    }
}
