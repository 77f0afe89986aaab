import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// Secrets never reach a cassette; a replay can be given values for their placeholders.
@Suite("CassetteTransport: secrets")
struct CassetteSecretsTests {
    struct Token: Codable, Sendable {
        var accessToken: String
        var ssn: String

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case ssn
        }
    }

    struct Login: APIRequest {
        typealias Response = Token
        var method: HTTPRequest.Method { .post }
        var path: String { "/login" }
        var query: QueryParameters {
            ["api_key": "key-SECRET", "sig": "sig-SECRET", "next": "/page?token=nested-SECRET&x=1", "page": "1"]
        }
        var body: RequestBody? { .json(["user": "bob", "password": "pw-SECRET"]) }
    }

    struct Profile: APIRequest {
        typealias Response = User
        var path: String { "/me" }
        var body: RequestBody? { .form(["name": "Bob", "pin": "1234-SECRET"]) }
        var method: HTTPRequest.Method { .post }
    }

    static let replies: [StubTransport.Step] = [
        .reply(
            StubTransport.Reply(
                headerFields: [
                    .contentType: "application/json", .setCookie: "session=c00kie-SECRET; Path=/; HttpOnly",
                ],
                body: Data(#"{"access_token": "at-SECRET", "ssn": "ssn-SECRET", "nested": {"refresh_token": 7}}"#.utf8))
        ),
        .json(#"{"id": 1, "name": "Bob"}"#),
    ]

    static func client(_ transport: some Transport) -> APIClient {
        APIClient(
            baseURL: Cassettes.base, transport: transport,
            interceptors: [AuthorizationInterceptor.bearer { "bearer-SECRET" }]
        ) {
            $0.cookies = CookieJar()
            $0.redaction.queryNames.insert("sig")
        }
    }

    @Test func aCassetteRecordedWithABearerTokenAndASessionCookieHoldsNeither() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let upstream = RecordingTransport(.sequence(Self.replies))
        let recorder = try CassetteTransport(
            file, mode: .recordOnce, recordingFrom: upstream, redacting: ["ssn", "pin"])
        let client = Self.client(recorder)
        _ = try await client.send(Login())
        _ = try await client.send(Profile())
        // What went upstream carried the secrets…
        #expect(upstream.records[1].headerFields[.cookie] == "session=c00kie-SECRET")
        #expect(upstream.records[0].headerFields[.authorization] == "Bearer bearer-SECRET")

        // …and none of them is in the cassette, whatever its spelling.
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("SECRET"))
        #expect(!text.lowercased().contains("bearer"))
        #expect(text.contains(#""name" : "Authorization","#))
        #expect(text.contains("session=<redacted>; Path=/; HttpOnly"))
        #expect(text.contains(#""value" : "session=<redacted>""#))
        #expect(text.contains("api_key=<redacted>"))
        #expect(text.contains("/page?token=<redacted>&x=1"))  // the query's nested return URL, decoded
        #expect(text.contains(#"\"password\":\"<redacted>\""#))
        #expect(text.contains(#"\"refresh_token\": \"<redacted>\""#))
        #expect(text.contains("pin=<redacted>"))
    }

    @Test func aReplayFillsThePlaceholdersItIsGiven() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let recorder = try CassetteTransport(
            file, mode: .recordOnce, recordingFrom: .sequence(Self.replies), redacting: ["ssn", "pin"])
        let recording = Self.client(recorder)
        _ = try await recording.send(Login())
        _ = try await recording.send(Profile())

        let replayer = RecordingTransport(
            try CassetteTransport(
                file, recordingFrom: Cassettes.offline,
                placeholders: ["access_token": "at-replayed", "session": "cookie-replayed"]))
        let client = Self.client(replayer)
        let token = try await client.send(Login())
        #expect(token.accessToken == "at-replayed")
        #expect(token.ssn == "<redacted>")
        _ = try await client.send(Profile())
        #expect(replayer.records[1].headerFields[.cookie] == "session=cookie-replayed")
    }
}
