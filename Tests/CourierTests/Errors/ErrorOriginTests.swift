import Courier
import CourierTesting
import Foundation
import Testing

/// An error names the request whose call failed and the interceptor that raised it.
@Suite("APIError: origin")
struct ErrorOriginTests {
    struct Profile: APIRequest {
        typealias Response = EmptyResponse
        var method: HTTPRequest.Method { .get }
        var path: String { "/me" }
    }

    /// Passes everything on.
    struct PassThrough: Interceptor {
        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> InterceptorResponse {
            try await next(request, body)
        }
    }

    /// Fails every call with an error of its own.
    struct Refusing: Interceptor {
        struct Refused: Error {}
        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> InterceptorResponse {
            throw Refused()
        }
    }

    func client(_ interceptors: [any Interceptor], reply: StubTransport.Reply = .json("{}")) -> APIClient {
        APIClient(
            baseURL: URL(string: "https://api.example.com")!, transport: StubTransport { _, _ in reply },
            interceptors: interceptors)
    }

    @Test func failingInterceptorIsNamedAndOuterOnesAreNot() async throws {
        let error = await #expect(throws: APIError.self) {
            try await client([PassThrough(), Refusing(), PassThrough()]).send(Profile())
        }
        #expect(error?.kind == .interceptor)
        #expect(error?.interceptorName == "Refusing")
        #expect(error?.requestName == "Profile")
        #expect(error?.underlying is Refusing.Refused)
        #expect(
            error?.description.hasPrefix("interceptor in Profile from Refusing: GET https://api.example.com/me") == true
        )
    }

    @Test func errorFromTheServerIsNotBlamedOnAnInterceptor() async throws {
        let error = await #expect(throws: APIError.self) {
            try await client([PassThrough(), PassThrough()], reply: .json("{}", status: .notFound)).send(Profile())
        }
        #expect(error?.kind == .unacceptableStatus)
        #expect(error?.interceptorName == nil)
        #expect(error?.requestName == "Profile")
    }

    @Test func apiErrorAnInterceptorRaisesIsNamedAfterIt() async throws {
        let refresh = RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "old")) { _ in
            throw Refusing.Refused()
        }
        let error = await #expect(throws: APIError.self) {
            try await client([PassThrough(), refresh], reply: .json("{}", status: .unauthorized)).send(Profile())
        }
        #expect(error?.kind == .authentication)
        #expect(error?.interceptorName?.hasPrefix("RefreshingAuthorizationInterceptor") == true)
    }
}
