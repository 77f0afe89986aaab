import Courier
import CourierTesting
import Foundation
import Testing

/// How `APIClient` turns an `APIRequest` into what it sends, and what it refuses to send.
@Suite("APIClient: request building")
struct RequestBuildingTests {
    struct PathRequest: APIRequest {
        typealias Response = EmptyResponse
        var method: HTTPRequest.Method { .get }
        var path: String
    }

    @Test(arguments: [
        ("https://api.example.com", "/users", "/users"),
        ("https://api.example.com", "users", "/users"),
        ("https://api.example.com/", "/users", "/users"),
        ("https://api.example.com/api/v2", "/users", "/api/v2/users"),
        ("https://api.example.com/api/v2/", "users/7", "/api/v2/users/7"),
        ("https://api.example.com/api", "", "/api"),
        ("https://api.example.com", "", "/"),
        ("https://api.example.com", "/files/a%20b", "/files/a%20b"),
        ("https://api.example.com", "/search/ü ", "/search/%C3%BC%20"),
        ("https://api.example.com", "/v1/projects/x:run", "/v1/projects/x:run"),
    ])
    func pathJoinsTheBaseURLPath(base: String, path: String, expected: String) async throws {
        let recorder = Recorder()
        _ = try await recorder.client(baseURL: base).send(PathRequest(path: path))
        #expect(recorder.requests.first?.path == expected)
        #expect(recorder.requests.first?.authority == "api.example.com")
        #expect(recorder.requests.first?.scheme == "https")
    }

    @Test(arguments: [
        "https://evil.example/steal", "//evil.example/steal", "\\\\evil.example", "javascript:alert(1)",
        "../admin", "/users/../../admin", "/users/%2e%2e/admin", "/users/%2E%2E%2Fadmin", "./users", "/a/./b",
        "/users/..", "/users/.", "/a\\..\\b", "/a/%2e", "..",
    ])
    func pathThatCouldLeaveTheBaseURLIsRejectedBeforeSending(path: String) async throws {
        let client = APIClient(baseURL: URL(string: "https://api.example.com/api")!, transport: UnreachableTransport())
        let error = await #expect(throws: APIError.self) { try await client.send(PathRequest(path: path)) }
        #expect(error?.kind == .invalidRequest)
    }

    @Test(arguments: ["/users?token=s3cret", "/users#token=s3cret", "/users/?", "?a=1"])
    func queryOrFragmentInThePathIsRejectedWithoutShowingIt(path: String) async throws {
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: UnreachableTransport())
        let error = await #expect(throws: APIError.self) { try await client.send(PathRequest(path: path)) }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.description.contains("put query parameters in the request's query") == true)
        #expect(error?.description.contains("s3cret") == false)
        #expect(error?.description.contains("a=1") == false)
    }

    @Test(arguments: ["/v1.2/...", "/a..b/.c/d.", "/files/..hidden", "/%2e%2e%2e"])
    func dotsThatAreNotADotSegmentAreKept(path: String) async throws {
        let recorder = Recorder()
        _ = try await recorder.client(baseURL: "https://api.example.com").send(PathRequest(path: path))
        #expect(recorder.requests.first?.path == path)
    }

    @Test(arguments: [
        "ftp://api.example.com", "https://user:pass@api.example.com", "https://api.example.com?key=1", "/relative",
    ])
    func invalidBaseURLIsRejected(base: String) async throws {
        let client = APIClient(baseURL: URL(string: base)!, transport: UnreachableTransport())
        let error = await #expect(throws: APIError.self) { try await client.send(PathRequest(path: "/x")) }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.description.contains("pass") == false)
        // The message names the URL (without its credentials or secret values) so the user can find it.
        #expect(error?.description.contains("'\(Redaction.standard.scrub(base))'") == true)
    }

    @Test func missingBaseURLIsRejected() async throws {
        let client = APIClient(transport: UnreachableTransport())
        let error = await #expect(throws: APIError.self) { try await client.send(PathRequest(path: "/x")) }
        #expect(error?.kind == .invalidRequest)
    }

    @Test func requestBaseURLOverridesTheClients() async throws {
        struct OtherHost: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .get }
            var path: String { "/status" }
            var baseURL: URL? { URL(string: "http://127.0.0.1:8080/v1") }
        }
        let recorder = Recorder()
        _ = try await recorder.client().send(OtherHost())
        let sent = try #require(recorder.requests.first)
        #expect(sent.scheme == "http")
        #expect(sent.authority == "127.0.0.1:8080")
        #expect(sent.path == "/v1/status")
    }

    @Test(arguments: [HTTPRequest.Method.get, .head])
    func getOrHeadWithABodyIsRejected(method: HTTPRequest.Method) async throws {
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: UnreachableTransport())
        let request = StubRequest(method: method, body: .json(["a": 1]))
        let error = await #expect(throws: APIError.self) { try await client.send(request) }
        #expect(error?.kind == .invalidRequest)
    }

    @Test func bodyThatFailsToEncodeIsAnEncodingError() async throws {
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: UnreachableTransport())
        let request = StubRequest(method: .post, body: .json(["nan": Double.nan]))
        let error = await #expect(throws: APIError.self) { try await client.send(request) }
        #expect(error?.kind == .encoding)
        #expect(error?.underlying is EncodingError)
    }

    @Test func requestContentTypeWinsOverTheBodys() async throws {
        let recorder = Recorder()
        let request = StubRequest(
            method: .post,
            headers: [.contentType: "application/merge-patch+json"],
            body: .json(["a": 1])
        )
        _ = try await recorder.client().send(request)
        #expect(recorder.requests.first?.headerFields[.contentType] == "application/merge-patch+json")
        #expect(recorder.bodies.first == Data(#"{"a":1}"#.utf8))
    }
}
