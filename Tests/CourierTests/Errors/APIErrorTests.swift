import Courier
import CourierTesting
import Foundation
import Testing

@Suite("APIError")
struct APIErrorTests {
    @Test func descriptionNeverContainsCredentials() async throws {
        let transport = StubTransport { _, _ in
            StubTransport.Reply(
                status: .unauthorized,
                headerFields: [.setCookie: "session=server-s3cret", .contentType: "application/json"],
                body: Data(#"{"error":"expired"}"#.utf8)
            )
        }
        // http: on https Courier refuses a Proxy-Authorization field before sending.
        let client = APIClient(baseURL: URL(string: "http://api.example.com")!, transport: transport)
        let request = StubRequest(headers: [
            .authorization: "Bearer client-s3cret", .cookie: "id=client-s3cret",
            .proxyAuthorization: "Basic s3cret",
        ])
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(request) })
        #expect(error.kind == .unacceptableStatus)
        #expect(error.status == .unauthorized)
        for text in [error.description, String(describing: error.request), String(describing: error.response)] {
            #expect(!text.contains("s3cret"), "\(text)")
        }
        #expect(error.request?.headerFields[.authorization] == "<redacted>")
        #expect(error.response?.headerFields[.setCookie] == "<redacted>")
        #expect(error.description.contains(#"{"error":"expired"}"#))
    }

    @Test func credentialsInAnUnderlyingErrorsURLAreScrubbed() {
        struct Failure: Error, CustomStringConvertible {
            var description: String { "could not reach https://user:pa55@host.example/path" }
        }
        let error = APIError(.transport, "The request could not be sent.", underlying: Failure())
        #expect(!error.description.contains("pa55"))
        #expect(error.description.contains("https://host.example/path"))
    }

    @Test func aFoundationErrorKeepsNoSecretOfItsURL() throws {
        let url = try #require(URL(string: "https://api.example.com/x?api_key=SECRET-1&page=2"))
        let failure = URLError(
            .cannotConnectToHost,
            userInfo: [
                NSURLErrorFailingURLErrorKey: url, "NSErrorFailingURLStringKey": url.absoluteString,
                NSLocalizedDescriptionKey: "Could not connect to \(url.absoluteString)",
                NSUnderlyingErrorKey: NSError(domain: "kCFErrorDomainCFNetwork", code: -1004, userInfo: ["url": url]),
            ])
        var error = APIError(.transport, "The request could not be sent.", underlying: failure)
        let underlying = try #require(error.underlying as? URLError)
        #expect(underlying.code == .cannotConnectToHost)
        #expect(underlying.failingURL?.absoluteString == "https://api.example.com/x?api_key=%3Credacted%3E&page=2")
        for text in [
            String(describing: underlying), String(reflecting: error), error.description, "\(underlying as NSError)",
        ] {
            #expect(!text.contains("SECRET-1"), "\(text)")
        }
        error.underlying = failure  // set later, by an interceptor
        #expect(!String(describing: error.underlying as Any).contains("SECRET-1"))
    }

    @Test func secretsInTheBodyAreScrubbedFromTheDescription() {
        let error = APIError(.decoding, "x", body: Data(#"{"access_token":"tok-123","expires_in":"soon"}"#.utf8))
        #expect(!error.description.contains("tok-123"))
        #expect(error.description.contains(#""access_token":"<redacted>""#))
        #expect(error.body == Data(#"{"access_token":"tok-123","expires_in":"soon"}"#.utf8))
    }

    @Test func longBodiesAreTruncatedInTheDescription() {
        let error = APIError(
            .unacceptableStatus, "The server answered 500.", body: Data(repeating: 0x61, count: 10_000))
        #expect(error.description.count < 700)
        #expect(error.description.hasSuffix("… (10000 bytes)"))
    }

    @Test func decodeBodyReturnsNilForOtherShapes() {
        struct Problem: Decodable { var title: String }
        let error = APIError(.unacceptableStatus, "x", body: Data("not json".utf8))
        #expect(error.decodeBody(as: Problem.self) == nil)
        #expect(APIError(.unacceptableStatus, "x").decodeBody(as: Problem.self) == nil)
    }

    /// A snake_case error document, as an API whose requests decode with `.snakeCase` sends it.
    struct SnakeProblem: Decodable, Equatable { var errorCode: String }
    struct SnakeRequest: APIRequest {
        typealias Response = EmptyResponse
        var method: HTTPRequest.Method = .post
        var path = "/orders"
        var decoder: JSONDecoder? = .snakeCase
    }
    static func rejecting() -> StubTransport {
        StubTransport { _, _ in
            StubTransport.Reply(
                status: .unprocessableContent, headerFields: [.contentType: "application/json"],
                body: Data(#"{"error_code":"out_of_stock"}"#.utf8))
        }
    }

    @Test func decodeBodyUsesTheRequestsDecoderByDefault() async throws {
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: Self.rejecting())
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(SnakeRequest()) })
        #expect(error.decodeBody(as: SnakeProblem.self) == SnakeProblem(errorCode: "out_of_stock"))
        // A decoder given explicitly wins: a plain one does not decode the snake_case member.
        #expect(error.decodeBody(as: SnakeProblem.self, using: JSONDecoder()) == nil)
    }

    @Test func decodeBodyUsesTheClientsDecoderForARequestWithoutOne() async throws {
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: Self.rejecting()) {
            $0.decoder = .snakeCase
        }
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(StubRequest()) })
        #expect(error.decodeBody(as: SnakeProblem.self) == SnakeProblem(errorCode: "out_of_stock"))
    }

    @Test func kindsCompareAndPrintByName() {
        #expect(APIError.Kind.timeout == .timeout)
        #expect(APIError.Kind.timeout != .cancelled)
        #expect(APIError.Kind.bodyTooLarge.description == "bodyTooLarge")
        let error = APIError(.cancelled, "The call was cancelled.")
        switch error.kind {
        case .cancelled: break
        default: Issue.record("kind should match .cancelled")
        }
    }
}
