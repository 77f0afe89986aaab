import Courier
import CourierTesting
import Foundation
import Logging
import Testing

/// One owner of a call's time: everything the call awaits — interceptors, the transport, a token
/// refresh, a status hook's flow — runs under its deadline, kept on the client's clock, and ends
/// there. These tests run on a `ManualClock`: none waits.
@Suite("Interceptors and the deadline")
struct InterceptorDeadlineTests {
    /// Records the task the transport runs in.
    struct TaskSpy: Transport {
        let seen: Locked<Int?>
        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            seen.withLock { $0 = withUnsafeCurrentTask { $0?.hashValue } }
            return (HTTPResponse(status: .ok), ResponseBody(Data("{}".utf8)))
        }
    }

    /// Passes the call on untouched.
    struct PassThrough: Interceptor {
        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> InterceptorResponse {
            try await next(request, body)
        }
    }

    /// Waits far longer than any call may take on the client's clock, swallowing its cancellation,
    /// then passes the call on.
    struct Stubborn: Interceptor {
        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> InterceptorResponse {
            try? await context.sleep(for: .seconds(30))
            return try await next(request, body)
        }
    }

    static let ok = StubTransport { _, _ in .json("{}") }
    static let baseURL = URL(string: "https://api.example.com")!

    /// A transport that never answers on its own: only the deadline ends its calls.
    static func silent(_ clock: ManualClock) -> StubTransport {
        StubTransport { _, _ in
            try await clock.sleep(for: .seconds(3600))
            return .json("{}")
        }
    }

    @Test func aPlainCallRunsInTheCallersTaskAndACallWithInterceptorsInItsOwn() async throws {
        let seen = Locked<Int?>(nil)
        let caller = try #require(withUnsafeCurrentTask { $0?.hashValue })
        _ = try await APIClient(baseURL: Self.baseURL, transport: TaskSpy(seen: seen)).send(StubRequest())
        #expect(seen.withLock { $0 } == caller)
        let intercepted = APIClient(
            baseURL: Self.baseURL, transport: TaskSpy(seen: seen), interceptors: [PassThrough()])
        _ = try await intercepted.send(StubRequest())
        #expect(seen.withLock { $0 } != caller)
    }

    @Test func anInterceptorThatWaitsPastTheDeadlineIsCutShortAndNamed() async throws {
        let clock = ManualClock()
        let client = APIClient(baseURL: Self.baseURL, transport: Self.ok, interceptors: [Stubborn()]) {
            $0.timeout = .seconds(1)
            $0.clock = clock
        }
        let call = Task { try await client.send(StubRequest()) }
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(1))
        let error = await #expect(throws: APIError.self) { try await call.value }
        #expect(error?.kind == .timeout)
        #expect(error?.interceptorName == "Stubborn")
        #expect(error?.requestName == "StubRequest")
        #expect(clock.now.offset == .seconds(1))
    }

    @Test(arguments: [false, true])
    func aSilentTransportFailsAsATimeoutAtTheDeadline(behindAnInterceptor: Bool) async throws {
        let clock = ManualClock()
        let client = APIClient(
            baseURL: Self.baseURL, transport: Self.silent(clock),
            interceptors: behindAnInterceptor ? [PassThrough()] : []
        ) {
            $0.timeout = .milliseconds(200)
            $0.clock = clock
        }
        let call = Task { try await client.send(StubRequest()) }
        await clock.waitForDeadlines()
        await clock.advance(by: .milliseconds(200))
        let error = await #expect(throws: APIError.self) { try await call.value }
        #expect(error?.kind == .timeout)
        #expect(error?.message == "The call did not complete within its time limit of 0.2 seconds.")
        #expect(error?.interceptorName == nil)
    }

    @Test func aWaiterForAHangingRefreshLeavesAtTheDeadline() async throws {
        let clock = ManualClock()
        let refreshStarted = Locked(false)
        let authorization = RefreshingAuthorizationInterceptor.bearer(initial: nil) { _ in
            refreshStarted.withLock { $0 = true }
            try await clock.sleep(for: .seconds(30))
            return BearerCredential(accessToken: "late")
        }
        let client = APIClient(baseURL: Self.baseURL, transport: Self.ok, interceptors: [authorization]) {
            $0.timeout = .milliseconds(300)
            $0.clock = clock
        }
        let call = Task { try await client.send(StubRequest()) }
        await clock.waitForSleepers()  // the refresh is under way
        await clock.advance(by: .milliseconds(300))
        let error = await #expect(throws: APIError.self) { try await call.value }
        #expect(error?.kind == .timeout)
        #expect(refreshStarted.withLock { $0 })
    }

    @Test func aStatusHookFlowLongerThanTheDeadlineTimesOut() async throws {
        let clock = ManualClock()
        let hook = StatusHookInterceptor(statuses: [401]) { _ in
            try? await clock.sleep(for: .seconds(30))
            return .retry
        }
        let unauthorized = StubTransport { _, _ in .json("{}", status: .unauthorized) }
        let client = APIClient(baseURL: Self.baseURL, transport: unauthorized, interceptors: [hook]) {
            $0.timeout = .milliseconds(300)
            $0.clock = clock
        }
        let call = Task { try await client.send(StubRequest()) }
        await clock.waitForSleepers()  // the user's flow is under way
        await clock.advance(by: .milliseconds(300))
        let error = await #expect(throws: APIError.self) { try await call.value }
        #expect(error?.kind == .timeout)
        #expect(error?.request?.path == "/start")
    }

    /// Answers after 400 ms whatever the deadline: a transport that breaks the contract.
    struct Late: Transport {
        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            try? await Task.sleep(for: .milliseconds(400))
            return (HTTPResponse(status: .ok), ResponseBody(Data("{}".utf8)))
        }
    }

    @Test func aResponseThatArrivesAfterTheDeadlineIsATimeoutNotASuccess() async throws {
        let client = APIClient(baseURL: Self.baseURL, transport: Late()) { $0.timeout = .milliseconds(100) }
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.kind == .timeout)
        #expect(error?.status == .ok)
    }
}
