import Courier
import CourierTesting
import Foundation
import Testing

/// Redirect rules that need no second server: scripted with a stub transport.
@Suite("APIClient: redirect rules")
struct RedirectRuleTests {
    /// A transport that answers `hops` in order, then echoes 200.
    final class Script: Sendable {
        let hops: [StubTransport.Reply]
        let recorder = Locked<[HTTPRequest]>([])

        init(_ hops: [StubTransport.Reply]) {
            self.hops = hops
        }

        var transport: StubTransport {
            StubTransport { request, _ in
                let index = self.recorder.withLock { sent in
                    sent.append(request)
                    return sent.count - 1
                }
                return index < self.hops.count ? self.hops[index] : .json("{}")
            }
        }
    }

    static func redirect(_ status: HTTPResponse.Status, to location: String) -> StubTransport.Reply {
        StubTransport.Reply(status: status, headerFields: [.location: location])
    }

    @Test func httpsToHttpIsRefused() async throws {
        let script = Script([Self.redirect(.found, to: "http://api.example.com/plain")])
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: script.transport)
        let error = await #expect(throws: APIError.self) {
            try await client.send(StubRequest(headers: [.authorization: "Bearer s3cret"]))
        }
        #expect(error?.kind == .insecureRedirect)
        #expect(script.recorder.withLock { $0.count } == 1)
        #expect(error?.description.contains("s3cret") == false)
    }

    @Test(arguments: [
        ("https://api.example.com:8443/x", true),  // port changes
        ("https://other.example.com/x", true),  // host changes
        ("https://API.example.com/x", false),  // same host, other case
        ("https://api.example.com:443/x", false),  // default port spelled out
        ("/x", false),  // relative
    ])
    func credentialsAreDroppedOnlyWhenTheOriginChanges(location: String, dropped: Bool) async throws {
        let script = Script([Self.redirect(.temporaryRedirect, to: location)])
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: script.transport)
        _ = try await client.send(StubRequest(headers: [.authorization: "Bearer t", .cookie: "c=1"]))
        let final = try #require(script.recorder.withLock { $0.last })
        #expect((final.headerFields[.authorization] == nil) == dropped)
        #expect((final.headerFields[.cookie] == nil) == dropped)
    }

    @Test func locationWithCredentialsDoesNotLeakThem() async throws {
        let script = Script([Self.redirect(.found, to: "https://user:pw@api.example.com/x#frag")])
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: script.transport)
        _ = try await client.send(StubRequest())
        let final = try #require(script.recorder.withLock { $0.last })
        #expect(final.authority == "api.example.com")
        #expect(final.path == "/x")
    }

    @Test func headKeepsItsMethodOn303() async throws {
        struct Head: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .head }
            var path: String { "/h" }
        }
        let script = Script([Self.redirect(.seeOther, to: "/other")])
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: script.transport)
        _ = try await client.send(Head())
        #expect(script.recorder.withLock { $0.map(\.method) } == [.head, .head])
    }
}
