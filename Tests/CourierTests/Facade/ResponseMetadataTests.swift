import Courier
import CourierTesting
import Foundation
import Testing

/// `APIClient.response(for:)`: the value with the response head it came in.
@Suite("APIClient: response metadata")
struct ResponseMetadataTests {
    struct Items: APIRequest {
        typealias Response = [Int]
        var method: HTTPRequest.Method { .get }
        var path: String { "/items" }
    }

    @Test func valueComesWithItsHeadersAndBody() async throws {
        let link = HTTPField.Name("Link")!
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in
                StubTransport.Reply(
                    status: .ok,
                    headerFields: [.eTag: #""v7""#, link: #"</items?page=2>; rel="next""#, .setCookie: "sid=1"],
                    body: Data("[1,2]".utf8))
            })
        let page = try await client.response(for: Items())
        #expect(page.value == [1, 2])
        #expect(page.status == .ok)
        #expect(page.response.headerFields[.eTag] == #""v7""#)
        #expect(page.response.headerFields[link] == #"</items?page=2>; rel="next""#)
        // The app's own response is not redacted: it may need its cookie.
        #expect(page.response.headerFields[.setCookie] == "sid=1")
        #expect(page.body == Data("[1,2]".utf8))
        #expect(try await client.send(Items()) == [1, 2])
    }

    @Test func failuresAreTheSameAsSends() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in .json(#"{"error":"no"}"#, status: .forbidden) })
        let error = await #expect(throws: APIError.self) { try await client.response(for: Items()) }
        #expect(error?.status == .forbidden)
    }
}
