import Courier
import CourierTesting
import Foundation
import Logging
import Testing

/// Over a ``BufferingTransport`` a call runs in the caller's task; interceptors' own waits still
/// end at the deadline.
@Suite("Calls over a buffering transport")
struct InlineCallTests {
    /// A buffering transport over a stub (which returns at once, so it meets any deadline).
    struct BufferingStub: BufferingTransport {
        let base: StubTransport

        func send(_ request: HTTPRequest, body: OutgoingBody?) async throws -> (HTTPResponse, ResponseBody) {
            try await base.send(request, body: body)
        }

        func sendBuffered(
            _ request: HTTPRequest, body: OutgoingBody?, limit: Int, deadline: ContinuousClock.Instant
        ) async throws -> (HTTPResponse, Data) {
            let (response, body) = try await base.send(request, body: body)
            return (response, body.bufferedData ?? Data())
        }
    }

    /// Records the task each call passes through.
    struct TaskSpy: Interceptor {
        let seen: Locked<Int?>
        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> (HTTPResponse, ResponseBody) {
            seen.withLock { $0 = withUnsafeCurrentTask { $0?.hashValue } }
            return try await next(request, body)
        }
    }

    static let ok = StubTransport { _, _ in .json("{}") }
    static let baseURL = URL(string: "https://api.example.com")!

    @Test(arguments: [true, false])
    func aCallRunsInTheCallersTaskOnlyOverABufferingTransport(_ buffering: Bool) async throws {
        let seen = Locked<Int?>(nil)
        let transport: any Transport = buffering ? BufferingStub(base: Self.ok) : Self.ok
        let client = APIClient(baseURL: Self.baseURL, transport: transport, interceptors: [TaskSpy(seen: seen)])
        _ = try await client.send(StubRequest())
        let inInterceptor = try #require(seen.withLock { $0 })
        let caller = try #require(withUnsafeCurrentTask { $0?.hashValue })
        #expect((inInterceptor == caller) == buffering)
    }

    @Test func aWaiterForAHangingRefreshLeavesAtTheDeadline() async throws {
        let refreshStarted = Locked(false)
        let authorization = RefreshingAuthorization.bearer(initial: nil) { _ in
            refreshStarted.withLock { $0 = true }
            try await Task.sleep(for: .seconds(30))
            return BearerCredential(accessToken: "late")
        }
        let client = APIClient(
            baseURL: Self.baseURL, transport: BufferingStub(base: Self.ok), interceptors: [authorization]
        ) { $0.timeout = .milliseconds(300) }
        let started = ContinuousClock.now
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.kind == .timeout)
        #expect(started.duration(to: .now) < .seconds(2))
        #expect(refreshStarted.withLock { $0 })
    }

    @Test func aStatusHookFlowLongerThanTheDeadlineTimesOut() async throws {
        let hook = StatusHook(statuses: [401]) { _ in
            try? await Task.sleep(for: .seconds(30))
            return .retry
        }
        let unauthorized = StubTransport { _, _ in .json("{}", status: .unauthorized) }
        let client = APIClient(
            baseURL: Self.baseURL, transport: BufferingStub(base: unauthorized), interceptors: [hook]
        ) { $0.timeout = .milliseconds(300) }
        let started = ContinuousClock.now
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.kind == .timeout)
        #expect(error?.request?.path == "/start")
        #expect(started.duration(to: .now) < .seconds(2))
    }

    @Test func waitingWithinTheDeadlineReturnsTheValue() async throws {
        let context = InterceptorContext(
            deadline: .now + .seconds(5), requestName: "R", baseURL: Self.baseURL, logger: .init(label: "t"))
        #expect(try await context.withinDeadline { 42 } == 42)
        let expired = InterceptorContext(
            deadline: .now + .milliseconds(50), requestName: "R", baseURL: Self.baseURL, logger: .init(label: "t"))
        let error = await #expect(throws: APIError.self) {
            try await expired.withinDeadline { try await Task.sleep(for: .seconds(30)) }
        }
        #expect(error?.kind == .timeout)
    }
}
