import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// Seed 000's Low Data Mode fallback, with a stub transport that reports a constrained network
/// (on Linux nothing else can).
@Suite("ConstrainedNetworkInterceptor")
struct ConstrainedNetworkInterceptorTests {
    struct Users: APIRequest {
        typealias Response = String
        var method: HTTPRequest.Method { .get }
        var path: String { "/users" }
        var query: QueryParameters { ["size": "full"] }
        var options: RequestOptions {
            RequestOptions().with(\.constrainedNetworkAlternative, .init(path: "/users", query: ["size": "small"]))
        }
    }

    /// A device in Low Data Mode: requests that refuse constrained access fail.
    struct ConstrainedNetwork: Transport {
        let sent: Locked<[String]>
        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            sent.withLock { $0.append(request.path ?? "") }
            guard context.networkAccess.allowsConstrained else {
                throw ConstrainedNetworkError(reason: .constrained)
            }
            return (HTTPResponse(status: .ok), ResponseBody(Data(#""users""#.utf8)))
        }
    }

    static func constrainedNetwork(recording sent: Locked<[String]>) -> ConstrainedNetwork {
        ConstrainedNetwork(sent: sent)
    }

    @Test func sendsTheAlternativeWhenTheNetworkIsConstrained() async throws {
        let sent = Locked<[String]>([])
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com/v1")!,
            transport: Self.constrainedNetwork(recording: sent),
            interceptors: [RetryInterceptor(), ConstrainedNetworkInterceptor()]
        )
        #expect(try await client.send(Users()) == #""users""#)
        #expect(sent.withLock { $0 } == ["/v1/users?size=full", "/v1/users?size=small"])
    }

    /// Passes every request on as it is, in its own task (it does not declare it honours the deadline).
    struct PassThrough: Interceptor {
        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> InterceptorResponse {
            try await next(request, body)
        }
    }

    @Test func interceptorsAfterItKeepTheRestrictionWithoutPassingItOn() async throws {
        let sent = Locked<[String]>([])
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com/v1")!,
            transport: Self.constrainedNetwork(recording: sent),
            interceptors: [ConstrainedNetworkInterceptor(), LoggingInterceptor(), PassThrough()]
        )
        #expect(try await client.send(Users()) == #""users""#)
        #expect(sent.withLock { $0 } == ["/v1/users?size=full", "/v1/users?size=small"])
    }

    @Test func requestsWithoutAnAlternativeKeepFullAccess() async throws {
        let sent = Locked<[String]>([])
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: Self.constrainedNetwork(recording: sent),
            interceptors: [ConstrainedNetworkInterceptor()]
        )
        _ = try await client.send(StubRequest())
        #expect(sent.withLock { $0 } == ["/start"])
    }

    @Test func withoutTheInterceptorTheErrorSaysWhy() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in throw ConstrainedNetworkError(reason: .expensive) }
        )
        let error = await #expect(throws: APIError.self) { try await client.send(Users()) }
        #expect(error?.kind == .transport)
        #expect(error?.underlying as? ConstrainedNetworkError == ConstrainedNetworkError(reason: .expensive))
    }
}
