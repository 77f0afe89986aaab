import Courier
import CourierTesting
import Foundation
import Testing

/// Response types, decoders and the seed 002 base-protocol pattern.
@Suite("Decoding")
struct DecodingTests {
    static func client(json: String, configure: (inout APIClient.Configuration) -> Void = { _ in }) -> APIClient {
        APIClient(
            baseURL: URL(string: "https://api.example.com")!, transport: StubTransport { _, _ in .json(json) },
            configure: configure)
    }

    struct Item: Decodable, Equatable {
        var createdAt: Date
    }

    @Test(arguments: ["2024-03-01T09:30:00Z", "2024-03-01T18:30:00+09:00", "2024-03-01T09:30:00.000Z"])
    func iso8601PresetAcceptsWithAndWithoutFractionalSeconds(text: String) throws {
        let item = try JSONDecoder.snakeCaseISO8601.decode(Item.self, from: Data(#"{"created_at": "\#(text)"}"#.utf8))
        #expect(item.createdAt == Date(timeIntervalSince1970: 1_709_285_400))
        let fraction = try JSONDecoder.iso8601.decode(
            Item.self, from: Data(#"{"createdAt": "2024-03-01T09:30:00.125Z"}"#.utf8))
        #expect(fraction.createdAt == Date(timeIntervalSince1970: 1_709_285_400.125))
    }

    @Test func iso8601PresetRejectsOtherText() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder.iso8601.decode(Item.self, from: Data(#"{"createdAt": "yesterday"}"#.utf8))
        }
    }

    @Test func fractionalEncodingRoundTrips() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601WithFractionalSeconds
        let date = Date(timeIntervalSince1970: 1_709_285_400.125)
        let data = try encoder.encode(["at": date])
        #expect(String(decoding: data, as: UTF8.self) == #"{"at":"2024-03-01T09:30:00.125Z"}"#)
    }

    @Test func clientDecoderAppliesUnlessTheRequestNamesOne() async throws {
        struct Plain: APIRequest {
            typealias Response = Item
            var method: HTTPRequest.Method { .get }
            var path: String { "/item" }
        }
        struct Own: APIRequest {
            typealias Response = [String: String]
            var method: HTTPRequest.Method { .get }
            var path: String { "/item" }
            var decoder: JSONDecoder? { JSONDecoder() }
        }
        let client = Self.client(json: #"{"created_at": "2024-03-01T09:30:00Z"}"#) { $0.decoder = .snakeCaseISO8601 }
        #expect(try await client.send(Plain()).createdAt == Date(timeIntervalSince1970: 1_709_285_400))
        #expect(try await client.send(Own()) == ["created_at": "2024-03-01T09:30:00Z"])
    }

    @Test func dataEnvelopeUnwrapsSeed000sList() async throws {
        struct User: Decodable, Equatable, Sendable {
            var name: String
            var id: Int
        }
        struct UserRequest: APIRequest {
            typealias Response = DataEnvelope<[User]>
            var method: HTTPRequest.Method { .get }
            var path: String { "/users" }
        }
        let client = Self.client(json: #"{"data": [{"name": "Bob", "id": 0}, {"name": "Sam", "id": 1}]}"#)
        #expect(try await client.send(UserRequest()).data == [User(name: "Bob", id: 0), User(name: "Sam", id: 1)])
    }

    @Test func dataAndStringResponsesAreNotParsedAsJSON() async throws {
        struct RawData: APIRequest {
            typealias Response = Data
            var method: HTTPRequest.Method { .get }
            var path: String { "/x" }
        }
        struct Text: APIRequest {
            typealias Response = String
            var method: HTTPRequest.Method { .get }
            var path: String { "/x" }
        }
        let client = Self.client(json: "not { json")
        #expect(try await client.send(RawData()) == Data("not { json".utf8))
        #expect(try await client.send(Text()) == "not { json")
    }

    @Test func customDecodeStepCanReadTheResponseHead() async throws {
        struct Counted: APIRequest {
            typealias Response = Int
            var method: HTTPRequest.Method { .get }
            var path: String { "/x" }
            func decode(_ body: Data, from response: HTTPResponse, decoder: JSONDecoder) throws -> Int {
                guard let total = response.headerFields[HTTPField.Name("X-Total")!].flatMap({ Int($0) }) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no X-Total"))
                }
                return total
            }
        }
        let transport = StubTransport { _, _ in StubTransport.Reply(headerFields: [HTTPField.Name("X-Total")!: "42"]) }
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport)
        #expect(try await client.send(Counted()) == 42)
    }

    @Test func presetsAreNewDecodersSoChangingOneChangesNoOtherRequest() {
        let mine = JSONDecoder.snakeCase
        mine.keyDecodingStrategy = .useDefaultKeys
        #expect(mine !== JSONDecoder.snakeCase)
        if case .convertFromSnakeCase = JSONDecoder.snakeCase.keyDecodingStrategy {
        } else {
            Issue.record("A changed preset leaked into the next one.")
        }
    }
}

// MARK: - Seed 002: a base protocol per API host

/// The host's shared settings, supplied once by a protocol extension.
protocol ExampleAPIRequest: APIRequest {}

extension ExampleAPIRequest {
    var baseURL: URL? { URL(string: "https://api.example.com/v3") }
    var headers: HTTPFields { [.accept: "application/vnd.example+json", HTTPField.Name("X-Client")!: "courier"] }
    var decoder: JSONDecoder? { .snakeCase }
}

/// A concrete endpoint: only its response type and path.
struct RepositoriesRequest: ExampleAPIRequest {
    typealias Response = [Repository]
    var method: HTTPRequest.Method { .get }
    var path: String { "/users/octocat/repos" }
}

struct Repository: Decodable, Equatable, Sendable {
    var fullName: String
}

@Suite("Seed 002: base protocol per host")
struct BaseProtocolTests {
    @Test func hostProtocolSuppliesBaseURLHeadersAndDecoder() async throws {
        let recorder = Recorder(reply: .json(#"[{"full_name": "octocat/hello"}]"#))
        let client = APIClient(transport: recorder.transport)
        let repositories = try await client.send(RepositoriesRequest())
        #expect(repositories == [Repository(fullName: "octocat/hello")])
        let sent = try #require(recorder.requests.first)
        #expect(sent.authority == "api.example.com")
        #expect(sent.path == "/v3/users/octocat/repos")
        #expect(sent.headerFields[.accept] == "application/vnd.example+json")
        #expect(sent.headerFields[HTTPField.Name("X-Client")!] == "courier")
    }
}
