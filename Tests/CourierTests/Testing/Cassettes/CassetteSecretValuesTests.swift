import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierTesting

/// A value the cassette knows to be secret is hidden wherever else it appears, and restored
/// where a replay is given the placeholder's value.
@Suite("CassetteTransport: secret values")
struct CassetteSecretValuesTests {
    /// A `GET` answered with its body as it is.
    struct Page: APIRequest {
        typealias Response = Data
        var method: HTTPRequest.Method { .get }
        var path: String
        var query: QueryParameters = [:]
        var headers: HTTPFields = [:]
    }

    static let session = "c00kie-VALUE-42"

    /// A login setting the session cookie, an echo of the cookies (httpbin's `/cookies`), and a
    /// URL and a header field the app wrote with the cookie's value, echoed.
    static let replies: [StubTransport.Step] = [
        .reply(
            StubTransport.Reply(
                headerFields: [.contentType: "application/json", .setCookie: "session=\(session); Path=/"],
                body: Data(#"{"ok": true}"#.utf8))),
        .json(#"{"cookies": {"session": "\#(session)"}}"#),
        .json(#"{"url": "https://api.example.com/share?sid=\#(session)", "copy": "\#(session)"}"#),
    ]

    /// The three calls; what each answered.
    static func session(_ transport: some Transport, value: String = session) async throws -> [String] {
        let client = Cassettes.client(transport) { $0.cookies = CookieJar() }
        var answers: [String] = []
        for page in [
            Page(path: "/login"), Page(path: "/cookies"),
            Page(path: "/share", query: ["sid": value], headers: [HTTPField.Name("X-Copy")!: value]),
        ] {
            answers.append(String(decoding: try await client.send(page), as: UTF8.self))
        }
        return answers
    }

    @Test func aCookiesValueIsHiddenInABodyAURLAndAnotherHeaderField() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let upstream = RecordingTransport(.sequence(Self.replies))
        _ = try await Self.session(try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream))
        #expect(upstream.records[2].request.path == "/share?sid=\(Self.session)")  // the server got it

        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains(Self.session))
        #expect(!text.contains("c00kie"))
        #expect(text.contains(#"\"session\": \"<redacted:session>\""#))  // the echo
        #expect(text.contains("/share?sid=<redacted:session>"))
        #expect(text.contains(#""value" : "<redacted:session>""#))  // X-Copy, and the query's list
        #expect(text.contains("session=<redacted>; Path=/"))  // hidden by name, as before
    }

    @Test func theRecordingReplaysAndFillsThePlaceholdersItIsGiven() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        _ = try await Self.session(
            try CassetteTransport(file, mode: .recordOnce, recordingFrom: .sequence(Self.replies)))

        // Without values: the request whose URL held the value is still answered.
        let plain = try CassetteTransport(file, recordingFrom: Cassettes.offline)
        let answers = try await Self.session(plain)
        #expect(answers[1].contains(#""session": "<redacted:session>""#))
        #expect(plain.unusedRecordings == 0)

        // With the cookie's value: the echo and the other body have it back, and the app's URL,
        // written with it, is answered.
        let replayer = RecordingTransport(
            try CassetteTransport(file, recordingFrom: Cassettes.offline, placeholders: ["session": "restored-77"]))
        let filled = try await Self.session(replayer, value: "restored-77")
        #expect(filled[1] == #"{"cookies": {"session": "restored-77"}}"#)
        #expect(filled[2] == #"{"url": "https://api.example.com/share?sid=restored-77", "copy": "restored-77"}"#)
        #expect(replayer.records[1].headerFields[.cookie] == "session=restored-77")
    }

    @Test func aValueLearnedLaterIsHiddenInWhatWasWrittenBefore() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let recorder = try CassetteTransport(
            file, mode: .recordOnce,
            recordingFrom: .sequence([.json(#"{"invite": "inv1te-c0de-99"}"#), .json(#"{"accepted": true}"#)]))
        let client = Cassettes.client(recorder)
        _ = try await client.send(Page(path: "/preview"))
        // `token` is a secret query parameter: its value is now known to be secret.
        _ = try await client.send(Page(path: "/accept", query: ["token": "inv1te-c0de-99"]))
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("inv1te"))
        #expect(text.contains(#"\"invite\": \"<redacted:token>\""#))
    }

    @Test func aShortSecretIsHiddenOnlyWhereItIsNamed() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let recorder = try CassetteTransport(
            file, mode: .recordOnce,
            recordingFrom: .sequence([
                .reply(
                    StubTransport.Reply(
                        headerFields: [.contentType: "application/json", .setCookie: "beta=true; Path=/"],
                        body: Data(#"{"flags": {"beta": "true"}, "visible": true}"#.utf8)))
            ]))
        _ = try await Cassettes.client(recorder).send(Page(path: "/flags"))
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect("true".count < SecretValues.minimumLength)
        #expect(text.contains("beta=<redacted>"))
        #expect(text.contains(#"{\"flags\": {\"beta\": \"true\"}, \"visible\": true}"#))
    }

    @Test func aReplacementMovesTheChunkBoundariesWithTheText() {
        var values = SecretValues()
        values.insert("SECRET-1", name: "s")
        // Chunks "ab SEC" | "RET-1 cd" | "!": the boundary inside the value moves to its end.
        let (data, chunks) = values.scrub(Data("ab SECRET-1 cd!".utf8), chunks: [6, 8, 1])
        #expect(String(decoding: data, as: UTF8.self) == "ab <redacted:s> cd!")
        #expect(chunks == [15, 3, 1])
    }

    @Test func aValueIsHiddenInItsEncodedSpellingsToo() {
        var values = SecretValues()
        values.insert("a b/c\"d", name: "k")
        #expect(values.scrub("q=a%20b%2Fc%22d&r=1") == "q=<redacted:k>&r=1")
        #expect(values.scrub(#"{"v": "a b/c\"d"}"#) == #"{"v": "<redacted:k>"}"#)
        values.insert("1", name: "short")
        #expect(values.scrub("1 and 11") == "1 and 11")
    }

    @Test func aPlaceholderInARecordedURLStandsForAnyText() {
        #expect(SecretValues.answers("<redacted:session>", "abc123"))
        #expect(SecretValues.answers("session=<redacted:session>", "session=abc123"))
        #expect(SecretValues.answers("a<redacted>b<redacted:x>c", "a1b2c"))
        #expect(!SecretValues.answers("session=<redacted:session>", "other=abc123"))
        #expect(!SecretValues.answers("a<redacted>b", "a1c"))
        #expect(SecretValues.answers("plain", "plain"))
        #expect(!SecretValues.answers("plain", "plainer"))
    }
}
