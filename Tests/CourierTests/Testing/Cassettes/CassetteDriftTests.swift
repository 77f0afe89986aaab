import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// Re-recording replaces the cassette and reports how the API's answers drifted.
@Suite("CassetteTransport: re-recording")
struct CassetteDriftTests {
    struct Todos: APIRequest {
        typealias Response = Data
        var method: HTTPRequest.Method { .get }
        var path: String { "/todos" }
    }

    struct RawGet: APIRequest {
        typealias Response = Data
        var method: HTTPRequest.Method { .get }
        var path: String
    }

    static let before: [StubTransport.Step] = [
        .json(#"{"id": 1, "name": "Bob", "email": "bob@example.com", "tags": ["a"]}"#),
        .reply(.init(headerFields: [.contentType: "text/plain"], body: Data("milk\neggs\n".utf8))),
        .status(.noContent),
    ]

    static let after: [StubTransport.Step] = [
        .reply(
            .init(
                headerFields: [.contentType: "application/json", .cacheControl: "max-age=60"],
                body: Data(#"{"id": "1", "name": "Robert", "tags": ["a", "b"]}"#.utf8))),
        .reply(.init(headerFields: [.contentType: "text/plain"], body: Data("milk\nbread\n".utf8))),
        .json(#"{"id": 2, "name": "Ann"}"#),
    ]

    @Test func reRecordingReplacesTheCassetteAndReportsTheDrift() async throws {
        let file = Cassettes.scratch("users")
        defer { Cassettes.remove(file) }
        let first = try CassetteTransport(file, mode: .recordOnce, recordingFrom: .sequence(Self.before))
        let client = Cassettes.client(first)
        _ = try await client.send(RawGet(path: "/users/1"))
        _ = try await client.send(Todos())
        _ = try await client.send(StubRequest(method: .delete, path: "/users/1"))
        #expect(try first.finish() == nil)

        let again = try CassetteTransport(file, mode: .reRecord, recordingFrom: .sequence(Self.after))
        let rerecording = Cassettes.client(again)
        _ = try await rerecording.send(RawGet(path: "/users/1"))
        _ = try await rerecording.send(Todos())
        _ = try await rerecording.send(RawGet(path: "/users/2"))
        let drift = try #require(try again.finish())
        print(drift)
        #expect(
            drift.description == """
                \(file.deletingLastPathComponent().lastPathComponent)/users.har, recorded again: 2 of 2 answers changed.
                  GET /users/1
                    + header Cache-Control: max-age=60
                    - $.email: "bob@example.com" (removed)
                    ~ $.id: 1 → "1" (number → string)
                    ~ $.name: "Bob" → "Robert"
                    ~ $.tags: 1 elements, now 2
                  GET /todos
                    - eggs
                    + bread
                  + GET /users/2 (new)
                  - DELETE /users/1 (no longer requested)
                """)
        // The cassette now holds the new answers only.
        let replayer = try CassetteTransport(file, recordingFrom: Cassettes.offline)
        let replayed = try await Cassettes.client(replayer).send(RawGet(path: "/users/1"))
        #expect(String(decoding: replayed, as: UTF8.self).contains("Robert"))
        #expect(try Cassettes.entries(file).count == 3)
    }

    @Test func anUnchangedAPIReportsNoDrift() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let reply = StubTransport.Step.json(#"{"id": 1, "name": "Bob"}"#)
        let first = try CassetteTransport(file, mode: .recordOnce, recordingFrom: .sequence([reply]))
        _ = try await Cassettes.client(first).send(GetUser())
        let again = try CassetteTransport(file, mode: .reRecord, recordingFrom: .sequence([reply]))
        _ = try await Cassettes.client(again).send(GetUser())
        let drift = try #require(try again.finish())
        #expect(drift.isEmpty)
    }

    @Test func theEnvironmentNamesTheMode() {
        #expect(CassetteTransport.Mode.fromEnvironment(["COURIER_CASSETTES": "rerecord"]) == .reRecord)
        #expect(CassetteTransport.Mode.fromEnvironment(["COURIER_CASSETTES": "once"]) == .recordOnce)
        #expect(CassetteTransport.Mode.fromEnvironment(["COURIER_CASSETTES": "replay"]) == .replayOnly)
        #expect(CassetteTransport.Mode.fromEnvironment([:]) == nil)
    }
}
