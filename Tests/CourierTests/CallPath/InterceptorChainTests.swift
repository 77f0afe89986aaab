import Courier
import CourierTesting
import Foundation
import Testing

/// The interceptor chain: order, short-circuit, calling `next` more than once, error mapping.
@Suite("Interceptor chain")
struct InterceptorChainTests {
    /// Notes its name on the way out and back, and tags the request.
    struct Tracing: Interceptor {
        let name: String
        let log: Locked<[String]>

        func intercept(
            _ request: HTTPRequest,
            body: OutgoingBody?,
            context: InterceptorContext,
            next: Next
        ) async throws -> InterceptorResponse {
            log.withLock { $0.append("out \(name)") }
            var request = request
            request.headerFields.append(HTTPField(name: HTTPField.Name("X-Trace")!, value: name))
            let response = try await next(request, body)
            log.withLock { $0.append("back \(name)") }
            return response
        }
    }

    /// Answers without calling `next`.
    struct Cache: Interceptor {
        func intercept(
            _ request: HTTPRequest,
            body: OutgoingBody?,
            context: InterceptorContext,
            next: Next
        ) async throws -> InterceptorResponse {
            InterceptorResponse(HTTPResponse(status: .ok), body: ResponseBody(Data("cached".utf8)))
        }
    }

    /// Calls `next` again when the first response is 503.
    struct RetryOnce: Interceptor {
        func intercept(
            _ request: HTTPRequest,
            body: OutgoingBody?,
            context: InterceptorContext,
            next: Next
        ) async throws -> InterceptorResponse {
            let first = try await next(request, body)
            guard first.status == .serviceUnavailable else { return first }
            return try await next(request, body)
        }
    }

    struct Failing: Interceptor {
        struct Refused: Error {}
        let error: any Error

        func intercept(
            _ request: HTTPRequest,
            body: OutgoingBody?,
            context: InterceptorContext,
            next: Next
        ) async throws -> InterceptorResponse {
            throw error
        }
    }

    struct TextRequest: APIRequest {
        typealias Response = String
        var method: HTTPRequest.Method { .get }
        var path: String { "/x" }
    }

    static let baseURL = URL(string: "https://api.example.com")!

    @Test func runsInOrderOutAndInReverseBack() async throws {
        let log = Locked<[String]>([])
        let recorder = Recorder(reply: .json(#""ok""#))
        let client = APIClient(
            baseURL: Self.baseURL,
            transport: recorder.transport,
            interceptors: [Tracing(name: "a", log: log), Tracing(name: "b", log: log)]
        )
        _ = try await client.send(TextRequest())
        #expect(log.withLock { $0 } == ["out a", "out b", "back b", "back a"])
        #expect(recorder.requests.first?.headerFields[values: HTTPField.Name("X-Trace")!] == ["a", "b"])
    }

    @Test func canAnswerWithoutCallingNext() async throws {
        let client = APIClient(baseURL: Self.baseURL, transport: UnreachableTransport(), interceptors: [Cache()])
        #expect(try await client.send(TextRequest()) == "cached")
    }

    @Test func canCallNextMoreThanOnce() async throws {
        let attempts = Locked(0)
        let transport = StubTransport { _, _ in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            return attempt == 1 ? .json("{}", status: .serviceUnavailable) : .json(#""second""#)
        }
        let client = APIClient(baseURL: Self.baseURL, transport: transport, interceptors: [RetryOnce()])
        #expect(try await client.send(TextRequest()) == #""second""#)
        #expect(attempts.withLock { $0 } == 2)
    }

    @Test func seesUnacceptableStatusesAsResponses() async throws {
        let log = Locked<[String]>([])
        let transport = StubTransport { _, _ in .json("{}", status: .unauthorized) }
        let client = APIClient(
            baseURL: Self.baseURL, transport: transport, interceptors: [Tracing(name: "a", log: log)])
        let error = await #expect(throws: APIError.self) { try await client.send(TextRequest()) }
        #expect(error?.kind == .unacceptableStatus)
        #expect(log.withLock { $0 } == ["out a", "back a"])
    }

    @Test func foreignErrorsBecomeInterceptorErrorsAndAPIErrorsPassThrough() async throws {
        let foreign = APIClient(
            baseURL: Self.baseURL, transport: UnreachableTransport(),
            interceptors: [
                Failing(error: Failing.Refused())
            ])
        let wrapped = await #expect(throws: APIError.self) { try await foreign.send(TextRequest()) }
        #expect(wrapped?.kind == .interceptor)
        #expect(wrapped?.underlying is Failing.Refused)

        let own = APIClient(
            baseURL: Self.baseURL, transport: UnreachableTransport(),
            interceptors: [
                Failing(error: APIError(.unacceptableStatus, "Please update the app."))
            ])
        let passed = await #expect(throws: APIError.self) { try await own.send(TextRequest()) }
        #expect(passed?.kind == .unacceptableStatus)
        #expect(passed?.message == "Please update the app.")
    }

    @Test func contextCarriesTheRemainingTimeAndRequestName() async throws {
        struct Inspecting: Interceptor {
            let seen: Locked<(String, Duration)?>
            func intercept(
                _ request: HTTPRequest,
                body: OutgoingBody?,
                context: InterceptorContext,
                next: Next
            ) async throws -> InterceptorResponse {
                seen.withLock { $0 = (context.requestName, context.remainingTime) }
                return try await next(request, body)
            }
        }
        let seen = Locked<(String, Duration)?>(nil)
        let client = APIClient(
            baseURL: Self.baseURL,
            transport: StubTransport { _, _ in .json(#""ok""#) },
            interceptors: [Inspecting(seen: seen)]
        ) {
            $0.timeout = .seconds(7)
            $0.clock = ManualClock()  // time stands still: exactly what is left
        }
        _ = try await client.send(TextRequest())
        let (name, remaining) = try #require(seen.withLock { $0 })
        #expect(name == "TextRequest")
        #expect(remaining == .seconds(7))
    }
}
