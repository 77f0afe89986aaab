import Courier
import CourierTesting
import Foundation
import Testing

extension HTTPField.Name {
    static let client = Self("X-Client")!
    static let sample = Self("X-A")!
    static let kept = Self("X-Default")!
}

/// The seeds' spellings of a request's settings are honoured; other spellings fail to compile
/// (see `Tests/CompileChecks`).
@Suite("APIRequest: spellings")
struct RequestSpellingTests {
    /// APIKit's and Moya's spellings in a base protocol per host: a `URL` and a `JSONDecoder`,
    /// not optional.
    protocol HostRequest: APIRequest {}

    struct Payload: Decodable, Sendable, Equatable {
        var userName: String
    }

    struct Profile: HostRequest {
        typealias Response = Payload
        var method: HTTPRequest.Method { .get }
        var path: String { "/me" }
    }

    @Test func nonOptionalBaseURLAndDecoderAreHonoured() async throws {
        let recorder = Recorder(reply: .json(#"{"user_name":"Bob"}"#))
        // The client has no base URL: the request's non-optional one must be used.
        let client = APIClient(transport: recorder.transport)
        let profile = try await client.send(Profile())
        #expect(profile == Payload(userName: "Bob"))  // the snake-case decoder was used
        let sent = try #require(recorder.requests.first)
        #expect(sent.authority == "api.host.example")
        #expect(sent.path == "/v2/me")
        #expect(sent.headerFields[.client] == "ios")
    }

    @Test func optionalSpellingsWork() async throws {
        struct Optionals: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .get }
            var path: String { "/x" }
            var baseURL: URL? { URL(string: "https://optional.example") }
            var decoder: JSONDecoder? { nil }
            var headers: HTTPFields? { [.sample: "1"] }
        }
        let recorder = Recorder()
        _ = try await recorder.client().send(Optionals())
        #expect(recorder.requests.first?.authority == "optional.example")
        #expect(recorder.requests.first?.headerFields[.sample] == "1")
    }

    @Test func headersKeepRepeatedFieldsAndReplaceTheClients() async throws {
        struct Fields: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .get }
            var path: String { "/x" }
            var headers: HTTPFields {
                var fields = HTTPFields()
                fields.append(HTTPField(name: .accept, value: "application/json"))
                fields.append(HTTPField(name: .accept, value: "text/plain"))
                return fields
            }
        }
        let recorder = Recorder()
        let client = recorder.client { $0.headers = [.accept: "*/*", .kept: "kept"] }
        _ = try await client.send(Fields())
        let sent = try #require(recorder.requests.first)
        #expect(sent.headerFields[values: .accept] == ["application/json", "text/plain"])
        #expect(sent.headerFields[.kept] == "kept")
    }

    @Test func theClientsHeadersAreSentWithEveryRequest() async throws {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .userAgent, value: "Courier/0.1"))
        fields.append(HTTPField(name: .acceptLanguage, value: "en"))
        fields.append(HTTPField(name: .acceptLanguage, value: "fr"))
        let recorder = Recorder()
        _ = try await recorder.client { $0.headers = fields }.send(StubRequest())
        let sent = try #require(recorder.requests.first)
        #expect(sent.headerFields[.userAgent] == "Courier/0.1")
        #expect(sent.headerFields[values: .acceptLanguage] == ["en", "fr"])
    }

    @Test func aLineBreakInAHeaderValueNeverReachesTheWire() async throws {
        let recorder = Recorder()
        let client = recorder.client { $0.headers = [.sample: "a\r\nInjected: yes"] }
        _ = try await client.send(StubRequest())
        let sent = try #require(recorder.requests.first)
        #expect(sent.headerFields[.sample]?.contains("\r") == false)
        #expect(sent.headerFields[.sample]?.contains("\n") == false)
        #expect(sent.headerFields[HTTPField.Name("Injected")!] == nil)
    }

    @Test func nilOptionalHeadersSendNone() async throws {
        struct NoHeaders: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .get }
            var path: String { "/x" }
            var headers: HTTPFields? { nil }
        }
        let recorder = Recorder()
        _ = try await recorder.client().send(NoHeaders())
        #expect(recorder.requests.first?.headerFields[.sample] == nil)
    }
}

extension RequestSpellingTests.HostRequest {
    var baseURL: URL { URL(string: "https://api.host.example/v2")! }
    var headers: HTTPFields { [.client: "ios"] }
    var decoder: JSONDecoder { .snakeCase }
}
