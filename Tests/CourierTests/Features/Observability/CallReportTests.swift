import Courier
import CourierTesting
import Foundation
import Logging
import Testing

/// The per-call report, over stubs: what `response(for:)` returns and what interceptors see.
@Suite("CallReport")
struct CallReportTests {
    /// Sends the request on twice, as a retry does, and keeps the report it saw after each.
    final class Twice: Interceptor {
        let seen = Locked<[CallReport]>([])

        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> InterceptorResponse {
            _ = try await next(request, body)
            seen.withLock { $0.append(context.report) }
            let result = try await next(request, body)
            seen.withLock { $0.append(context.report) }
            return result
        }
    }

    let baseURL = URL(string: "https://api.example.com")!

    @Test func responseForCarriesTheReportOfItsOneRequest() async throws {
        let client = APIClient(baseURL: baseURL, transport: StubTransport { _, _ in .json(#"{"a":1}"#) })
        let response = try await client.response(for: StubRequest(query: ["q": "x", "api_key": "s3cret"]))
        let report = try #require(response.report)
        #expect(report.requestName == "StubRequest")
        #expect(report.attempts.count == 1)
        let attempt = try #require(report.attempts.first)
        #expect(attempt.reason == .first)
        #expect(attempt.method == .get)
        #expect(attempt.status == .ok)
        #expect(attempt.errorKind == nil)
        #expect(attempt.url.hasPrefix("https://api.example.com/start?"))
        #expect(!attempt.url.contains("s3cret"))
        #expect(report.bytesReceived == 7)
        #expect(report.bytesSent == 0)
        #expect(report.redirects.isEmpty && !report.refreshed && report.retries == 0 && report.cacheOutcome == nil)
        #expect(report.duration >= attempt.duration)
    }

    @Test func bytesSentCountTheBodyOfEveryRequest() async throws {
        let twice = Twice()
        let client = APIClient(
            baseURL: baseURL, transport: StubTransport { _, _ in .json("{}") }, interceptors: [twice])
        let response = try await client.response(for: StubRequest(method: .post, body: .json(["a": 1])))
        #expect(response.report?.bytesSent == 14)  // {"a":1}, twice
        #expect(response.report?.bytesReceived == 4)
    }

    @Test func interceptorsSeeWhatTheRestOfThePipelineDidSoFar() async throws {
        let twice = Twice()
        let client = APIClient(
            baseURL: baseURL,
            transport: StubTransport.sequence([.status(.serviceUnavailable), .json("{}")]),
            interceptors: [twice])
        _ = try await client.send(StubRequest())
        let seen = twice.seen.withLock { $0 }
        #expect(seen.map { $0.attempts.map(\.reason) } == [[.first], [.first, .retry]])
        #expect(seen.last?.attempts.map(\.status) == [.serviceUnavailable, .ok])
        #expect(seen.last?.retries == 1)
    }

    @Test func aFailedRequestIsInTheReportWithItsErrorKind() async throws {
        struct Refused: Error {}
        let twice = Twice()
        let client = APIClient(
            baseURL: baseURL,
            transport: StubTransport.sequence([.failure(Refused()), .json("{}")]),
            interceptors: [twice, RecoveringOnce()])
        _ = try? await client.send(StubRequest())
        let report = try #require(twice.seen.withLock { $0.last })
        #expect(report.attempts.map(\.errorKind) == [.transport, nil])
        #expect(report.attempts.first?.status == nil)
    }

    @Test func aContextMadeOutsideAClientHasAnEmptyReport() {
        let context = InterceptorContext(requestName: "Some", baseURL: baseURL, logger: .init(label: "test"))
        #expect(context.report.attempts.isEmpty)
        #expect(context.report.requestName == "Some")
    }

    /// Turns the first failure into a `503` response, so that ``Twice`` goes on.
    struct RecoveringOnce: Interceptor {
        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> InterceptorResponse {
            do {
                return try await next(request, body)
            } catch {
                return InterceptorResponse(HTTPResponse(status: .serviceUnavailable))
            }
        }
    }
}
