import Courier
import CourierTesting
import Foundation
import Testing

/// The spellings other libraries use for a request's settings are honoured, not ignored.
@Suite("APIRequest: other libraries' spellings")
struct RequestSpellingTests {
    /// APIKit's and Moya's spellings in a base protocol per host: `URL`, `JSONDecoder`,
    /// `[String: String]?`.
    protocol HostRequest: APIRequest {}

    struct Payload: Decodable, Sendable, Equatable {
        var userName: String
    }

    struct Profile: HostRequest {
        typealias Response = Payload
        var method: HTTPRequest.Method { .get }
        var path: String { "/me" }
    }

    @Test func nonOptionalBaseURLDecoderAndOptionalHeadersAreHonoured() async throws {
        let recorder = Recorder(reply: .json(#"{"user_name":"Bob"}"#))
        // The client has no base URL: the request's non-optional one must be used.
        let client = APIClient(transport: recorder.transport)
        let profile = try await client.send(Profile())
        #expect(profile == Payload(userName: "Bob"))  // the snake-case decoder was used
        let sent = try #require(recorder.requests.first)
        #expect(sent.authority == "api.host.example")
        #expect(sent.path == "/v2/me")
        #expect(sent.headerFields[HTTPField.Name("X-Client")!] == "ios")
    }

    @Test func optionalSpellingsStillWork() async throws {
        struct Optionals: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .get }
            var path: String { "/x" }
            var baseURL: URL? { URL(string: "https://optional.example") }
            var decoder: JSONDecoder? { nil }
            var headers: [String: String] { ["X-A": "1"] }
        }
        let recorder = Recorder()
        _ = try await recorder.client().send(Optionals())
        #expect(recorder.requests.first?.authority == "optional.example")
        #expect(recorder.requests.first?.headerFields[HTTPField.Name("X-A")!] == "1")
    }

    @Test func stringBaseURLIsHonouredAndAnInvalidOneFailsTheCall() async throws {
        struct StringBase: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .get }
            var path: String { "/x" }
            var baseURL: String
        }
        let recorder = Recorder()
        _ = try await recorder.client().send(StringBase(baseURL: "https://strings.example/api"))
        #expect(recorder.requests.first?.authority == "strings.example")
        #expect(recorder.requests.first?.path == "/api/x")
        let error = await #expect(throws: APIError.self) {
            try await recorder.client().send(StringBase(baseURL: "not a url"))
        }
        #expect(error?.kind == .invalidRequest)
        #expect(recorder.requests.count == 1)
    }

    @Test func httpFieldsAsHeadersKeepRepeatedFieldsAndReplaceTheClients() async throws {
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
        let client = recorder.client { $0.headers = ["Accept": "*/*", "X-Default": "kept"] }
        _ = try await client.send(Fields())
        let sent = try #require(recorder.requests.first)
        #expect(sent.headerFields[values: .accept] == ["application/json", "text/plain"])
        #expect(sent.headerFields[HTTPField.Name("X-Default")!] == "kept")
    }

    @Test func theClientsHeadersAreSpelledAsARequestsAre() async throws {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .userAgent, value: "Courier/0.1"))
        fields.append(HTTPField(name: .acceptLanguage, value: "en"))
        fields.append(HTTPField(name: .acceptLanguage, value: "fr"))
        let recorder = Recorder()
        _ = try await recorder.client { $0.headers = fields }.send(StubRequest())
        let sent = try #require(recorder.requests.first)
        #expect(sent.headerFields[.userAgent] == "Courier/0.1")
        #expect(sent.headerFields[values: .acceptLanguage] == ["en", "fr"])

        let invalid = recorder.client { $0.headers = ["Bad Name": "x"] }
        let error = await #expect(throws: APIError.self) { try await invalid.send(StubRequest()) }
        #expect(error?.kind == .invalidRequest)
        #expect(recorder.requests.count == 1)
    }

    @Test func nilOptionalHeadersSendNone() async throws {
        struct NoHeaders: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .get }
            var path: String { "/x" }
            var headers: [String: String]? { nil }
        }
        let recorder = Recorder()
        _ = try await recorder.client().send(NoHeaders())
        #expect(recorder.requests.first?.headerFields[HTTPField.Name("X-A")!] == nil)
    }
}

extension RequestSpellingTests.HostRequest {
    var baseURL: URL { URL(string: "https://api.host.example/v2")! }
    var headers: [String: String]? { ["X-Client": "ios"] }
    var decoder: JSONDecoder { .snakeCase }
}
