import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// A cassette records through its upstream transport and replays without it, the client's whole
/// pipeline running both times.
@Suite("CassetteTransport: recording and replaying")
struct CassetteRecordReplayTests {
    @Test func recordsAnExchangeAndReplaysItOffline() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let upstream = StubTransport.sequence([.json(#"{"id": 1, "name": "Bob"}"#)])
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream)
        #expect(try await Cassettes.client(recorder).send(GetUser()) == User(id: 1, name: "Bob"))
        try recorder.finish()

        let replayer = try CassetteTransport(file, recordingFrom: Cassettes.offline)
        #expect(try await Cassettes.client(replayer).send(GetUser()) == User(id: 1, name: "Bob"))
        #expect(replayer.unusedRecordings == 0)
    }

    /// A call that times out on the client's `ManualClock` is written down as its timeout and
    /// replays as one (issue 45): the recording reads the call's clock, not the machine's, so a
    /// deadline passed on the test's time is not taken for the caller's cancellation.
    @Test func aTimeoutOnTheClientsManualClockIsRecordedAndReplayedAsATimeout() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let clock = ManualClock()
        let upstream = StubTransport.sequence([.json(#"{"id": 1, "name": "Bob"}"#)], latency: .seconds(30))
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream)
        let client = Cassettes.client(recorder) {
            $0.clock = clock
            $0.timeout = .seconds(5)
        }
        let call = Task { try await client.send(GetUser()) }
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(5))
        let recorded = await #expect(throws: APIError.self) { try await call.value }
        #expect(recorded?.kind == .timeout)
        try recorder.finish()

        let replayer = try CassetteTransport(file, recordingFrom: Cassettes.offline)
        let replayed = await #expect(throws: APIError.self) { try await Cassettes.client(replayer).send(GetUser()) }
        #expect(replayed?.kind == .timeout)
        #expect(replayer.unusedRecordings == 0)
    }

    @Test func writesHeadsBodiesAndTimingsAsHAR() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let upstream = StubTransport { request, body in
            #expect(body == Data(#"{"id":2,"name":"Ann"}"#.utf8))
            return StubTransport.Reply(
                status: .created, headerFields: [.contentType: "application/json", .location: "/users/2"],
                body: Data(#"{"id": 2, "name": "Ann"}"#.utf8))
        }
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream)
        _ = try await Cassettes.client(recorder).send(RawUser(json: #"{"id":2,"name":"Ann"}"#))

        let log = try #require(try Cassettes.json(file)["log"] as? [String: Any])
        #expect(log["version"] as? String == "1.2")
        let entry = try #require(try Cassettes.entries(file).first)
        let request = try #require(entry["request"] as? [String: Any])
        #expect(request["method"] as? String == "POST")
        #expect(request["url"] as? String == "https://api.example.com/users")
        // A stub says nothing of its HTTP version: the cassette leaves it empty rather than guess
        // (the wire tests check what each transport reports: CassetteHTTPVersionTests).
        #expect(request["httpVersion"] as? String == "")
        let postData = try #require(request["postData"] as? [String: Any])
        #expect(postData["mimeType"] as? String == "application/json")
        #expect(postData["text"] as? String == #"{"id":2,"name":"Ann"}"#)
        let response = try #require(entry["response"] as? [String: Any])
        #expect(response["status"] as? Int == 201)
        #expect(response["redirectURL"] as? String == "/users/2")
        let content = try #require(response["content"] as? [String: Any])
        #expect(content["text"] as? String == #"{"id": 2, "name": "Ann"}"#)
        #expect(content["size"] as? Int == 24)
        let timings = try #require(entry["timings"] as? [String: Double])
        #expect(timings["send"] == 0 && timings["wait"].map { $0 >= 0 } == true)
        let time = try #require(entry["time"] as? Double)
        #expect(abs(time - (timings["wait"]! + timings["receive"]!)) < 0.01)
    }

    @Test func keepsABinaryBodyInBase64() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0x00])
        let upstream = StubTransport { _, _ in
            StubTransport.Reply(headerFields: [.contentType: "image/png"], body: png)
        }
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream)
        #expect(try await Cassettes.client(recorder).send(Avatar()) == png)

        let content = try #require(
            (try Cassettes.entries(file).first?["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(content["encoding"] as? String == "base64")
        #expect(content["text"] as? String == png.base64EncodedString())
        let replayer = try CassetteTransport(file, recordingFrom: Cassettes.offline)
        #expect(try await Cassettes.client(replayer).send(Avatar()) == png)
    }

    @Test func recordsARedirectAsTwoExchangesAndReplaysTheChain() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let upstream = StubTransport.sequence([
            .reply(.init(status: .found, headerFields: [.location: "/users/9"])),
            .json(#"{"id": 9, "name": "Moved"}"#),
        ])
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream)
        #expect(try await Cassettes.client(recorder).send(GetUser(id: 1)).name == "Moved")
        let urls = try Cassettes.entries(file).compactMap { ($0["request"] as? [String: Any])?["url"] as? String }
        #expect(urls == ["https://api.example.com/users/1", "https://api.example.com/users/9"])

        let replayer = RecordingTransport(try CassetteTransport(file, recordingFrom: Cassettes.offline))
        #expect(try await Cassettes.client(replayer).send(GetUser(id: 1)).name == "Moved")
        #expect(replayer.records.map(\.path) == ["/users/1", "/users/9"])  // the client followed it again
    }

    @Test func replaysARefreshAsItHappened() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let auth = {
            RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "expired")) { _ in
                BearerCredential(accessToken: "renewed")
            }
        }
        let upstream = RecordingTransport(.sequence([.status(.unauthorized), .json(#"{"id": 1, "name": "Bob"}"#)]))
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream)
        let recording = APIClient(baseURL: Cassettes.base, transport: recorder, interceptors: [auth()])
        #expect(try await recording.send(GetUser()).name == "Bob")

        let replayer = RecordingTransport(try CassetteTransport(file, recordingFrom: Cassettes.offline))
        let replaying = APIClient(baseURL: Cassettes.base, transport: replayer, interceptors: [auth()])
        #expect(try await replaying.send(GetUser()).name == "Bob")
        #expect(replayer.records.map { $0.headerFields[.authorization] } == ["Bearer expired", "Bearer renewed"])
    }

    @Test func recordOnceRecordsOnlyWhatTheCassetteLacks() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let first = try CassetteTransport(
            file, mode: .recordOnce, recordingFrom: .sequence([.json(#"{"id": 1, "name": "Bob"}"#)]))
        _ = try await Cassettes.client(first).send(GetUser(id: 1))

        let upstream = RecordingTransport(.sequence([.json(#"{"id": 2, "name": "Ann"}"#)]))
        let second = try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream)
        let client = Cassettes.client(second)
        #expect(try await client.send(GetUser(id: 1)).name == "Bob")  // replayed
        #expect(try await client.send(GetUser(id: 2)).name == "Ann")  // recorded
        #expect(upstream.records.map(\.path) == ["/users/2"])
        #expect(try Cassettes.entries(file).count == 2)
    }

    @Test func replayOnlyNeverReachesTheUpstreamTransport() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let upstream = RecordingTransport(.sequence([]))
        let replayer = try CassetteTransport(file, mode: .replayOnly, recordingFrom: upstream)
        await withKnownIssue {
            let error = await #expect(throws: APIError.self) { try await Cassettes.client(replayer).send(GetUser()) }
            #expect(error?.underlying is UnexpectedRequest)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("there is no cassette at \(file.path)") }
        }
        #expect(upstream.records.isEmpty)
    }

    @Test func aBodyThatFailsAfterTheHeadReplaysTheSameFailure() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        struct Cut: Error {}
        let upstream = HeadThenFailure()
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream)
        let recorded = await #expect(throws: APIError.self) { try await Cassettes.client(recorder).send(GetUser()) }

        let replayer = try CassetteTransport(file, recordingFrom: Cassettes.offline)
        let replayed = await #expect(throws: APIError.self) { try await Cassettes.client(replayer).send(GetUser()) }
        #expect(replayed?.kind == .transport)
        #expect(replayed?.kind == recorded?.kind)
        #expect(replayed?.message == recorded?.message)
        #expect(replayed?.status == .ok)
        #expect(replayed?.message == "The connection failed while the body was read.")
    }
}

/// Answers a head, then fails the body.
struct HeadThenFailure: Transport {
    struct Dropped: Error {}

    func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]), ResponseBody(failure: Dropped()))
    }
}
