import Courier
import CourierTesting
import Foundation
import Testing

/// A `Proxy-Authorization` field never leaves on an `https` request: inside a proxy's tunnel it
/// would reach the server itself.
@Suite("Proxy-Authorization on https")
struct ProxyCredentialTests {
    struct Proxied: APIRequest {
        typealias Response = String
        var method: HTTPRequest.Method { .get }
        var path: String { "/x" }
        var headers: HTTPFields = [.proxyAuthorization: "Basic s3cret"]
    }

    /// Adds `Proxy-Authorization` to every request, as an app's interceptor might.
    struct AddsProxyCredentials: Interceptor {
        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> InterceptorResponse {
            var request = request
            request.headerFields[.proxyAuthorization] = "Basic s3cret"
            return try await next(request, body)
        }
    }

    static func client(_ base: String, sent: Locked<Int>, interceptors: [any Interceptor] = []) -> APIClient {
        APIClient(
            baseURL: URL(string: base)!,
            transport: StubTransport { _, _ in
                sent.withLock { $0 += 1 }
                return .json(#""ok""#)
            },
            interceptors: interceptors)
    }

    @Test
    func isRefusedOnHTTPSBeforeAnythingIsSent() async {
        let sent = Locked(0)
        let error = await #expect(throws: APIError.self) {
            try await Self.client("https://api.example.com", sent: sent).send(Proxied())
        }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.description.contains("s3cret") == false)
        #expect(sent.withLock { $0 } == 0)
    }

    @Test
    func isRefusedWhenAnInterceptorAddsIt() async {
        let sent = Locked(0)
        let client = Self.client("https://api.example.com", sent: sent, interceptors: [AddsProxyCredentials()])
        let error = await #expect(throws: APIError.self) { try await client.send(Proxied(headers: [:])) }
        #expect(error?.kind == .invalidRequest)
        #expect(sent.withLock { $0 } == 0)
    }

    @Test
    func goesOutOnPlainHTTP() async throws {
        let sent = Locked(0)
        #expect(try await Self.client("http://proxy-aware.example.com", sent: sent).send(Proxied()) == #""ok""#)
        #expect(sent.withLock { $0 } == 1)
    }
}
