import Courier
import CourierTesting
import Foundation
import Logging
import Testing

/// Every call runs in the caller's task over every transport; an interceptor that does not say it
/// honours the deadline runs in a task the deadline cancels, and its waits end there.
@Suite("Interceptors and the deadline")
struct InterceptorDeadlineTests {
    /// Records the task it runs in; says it honours the deadline or not.
    struct TaskSpy<Honours: HonoursFlag>: Interceptor {
        static var honoursDeadline: Bool { Honours.value }
        let seen: Locked<Int?>
        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> (HTTPResponse, ResponseBody) {
            seen.withLock { $0 = withUnsafeCurrentTask { $0?.hashValue } }
            return try await next(request, body)
        }
    }
    protocol HonoursFlag { static var value: Bool { get } }
    enum Honours: HonoursFlag { static let value = true }
    enum DoesNotHonour: HonoursFlag { static let value = false }

    /// Waits far longer than any call may take, swallowing its cancellation.
    struct Stubborn: Interceptor {
        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> (HTTPResponse, ResponseBody) {
            try? await Task.sleep(for: .seconds(30))
            return try await next(request, body)
        }
    }

    static let ok = StubTransport { _, _ in .json("{}") }
    static let baseURL = URL(string: "https://api.example.com")!

    private func taskSeen(by interceptor: some Interceptor, seen: Locked<Int?>) async throws -> Bool {
        let client = APIClient(baseURL: Self.baseURL, transport: Self.ok, interceptors: [interceptor])
        _ = try await client.send(StubRequest())
        let inInterceptor = try #require(seen.withLock { $0 })
        let caller = try #require(withUnsafeCurrentTask { $0?.hashValue })
        return inInterceptor == caller
    }

    @Test func aCallRunsInTheCallersTaskWhenItsInterceptorsHonourTheDeadline() async throws {
        let seen = Locked<Int?>(nil)
        #expect(try await taskSeen(by: TaskSpy<Honours>(seen: seen), seen: seen))
        #expect(try await !taskSeen(by: TaskSpy<DoesNotHonour>(seen: seen), seen: seen))
    }

    @Test func anInterceptorThatWaitsPastTheDeadlineIsCutShortAndNamed() async throws {
        // A second: time enough for the interceptor to start before the deadline on a busy machine
        // (one that only starts after it is not to blame, and is not named).
        let client = APIClient(baseURL: Self.baseURL, transport: Self.ok, interceptors: [Stubborn()]) {
            $0.timeout = .seconds(1)
        }
        let started = ContinuousClock.now
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.kind == .timeout)
        #expect(error?.interceptorName == "Stubborn")
        #expect(error?.requestName == "StubRequest")
        #expect(started.duration(to: .now) < .seconds(5))
    }

    @Test(arguments: [false, true])
    func aSlowTransportFailsAsATimeoutAtTheDeadline(behindAnInterceptorInItsOwnTask: Bool) async throws {
        let slow = StubTransport(latency: .seconds(30)) { _, _ in .json("{}") }
        let seen = Locked<Int?>(nil)
        let interceptors: [any Interceptor] =
            behindAnInterceptorInItsOwnTask ? [TaskSpy<DoesNotHonour>(seen: seen)] : []
        let client = APIClient(baseURL: Self.baseURL, transport: slow, interceptors: interceptors) {
            $0.timeout = .milliseconds(200)
        }
        let started = ContinuousClock.now
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.kind == .timeout)
        #expect(error?.interceptorName == nil)
        #expect(started.duration(to: .now) < .seconds(5))
    }

    @Test func aWaiterForAHangingRefreshLeavesAtTheDeadline() async throws {
        let refreshStarted = Locked(false)
        let authorization = RefreshingAuthorizationInterceptor.bearer(initial: nil) { _ in
            refreshStarted.withLock { $0 = true }
            try await Task.sleep(for: .seconds(30))
            return BearerCredential(accessToken: "late")
        }
        let client = APIClient(
            baseURL: Self.baseURL, transport: Self.ok, interceptors: [authorization]
        ) { $0.timeout = .milliseconds(300) }
        let started = ContinuousClock.now
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.kind == .timeout)
        #expect(started.duration(to: .now) < .seconds(2))
        #expect(refreshStarted.withLock { $0 })
    }

    @Test func aStatusHookFlowLongerThanTheDeadlineTimesOut() async throws {
        let hook = StatusHookInterceptor(statuses: [401]) { _ in
            try? await Task.sleep(for: .seconds(30))
            return .retry
        }
        let unauthorized = StubTransport { _, _ in .json("{}", status: .unauthorized) }
        let client = APIClient(
            baseURL: Self.baseURL, transport: unauthorized, interceptors: [hook]
        ) { $0.timeout = .milliseconds(300) }
        let started = ContinuousClock.now
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.kind == .timeout)
        #expect(error?.request?.path == "/start")
        #expect(started.duration(to: .now) < .seconds(2))
    }

    /// Answers after its latency whatever the deadline: a transport that breaks the contract.
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
