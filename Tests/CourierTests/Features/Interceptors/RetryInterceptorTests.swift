import Courier
import CourierTesting
import Foundation
import Testing

/// Retries against scripted stubs, on a clock that moves to the end of each wait at once, with
/// injected randomness and date: no test waits.
@Suite("RetryInterceptor")
struct RetryInterceptorTests {
    /// Answers `script` in order, then 200; records what was sent.
    final class Script: Sendable {
        let steps: [Result<StubTransport.Reply, any Error>]
        let sent = Locked<[HTTPRequest]>([])

        init(_ steps: [Result<StubTransport.Reply, any Error>]) {
            self.steps = steps
        }

        var transport: StubTransport {
            StubTransport { request, _ in
                let index = self.sent.withLock { sent in
                    sent.append(request)
                    return sent.count - 1
                }
                return try index < self.steps.count ? self.steps[index].get() : .json(#""ok""#)
            }
        }

        var count: Int { sent.withLock { $0.count } }
    }

    /// The client's clock, which records the waits instead of waiting.
    final class Sleeps: Sendable {
        let clock = ManualClock(advancesOnSleep: true)
        var all: [Duration] { clock.sleeps }
    }

    static func status(_ code: Int, retryAfter: String? = nil) -> Result<StubTransport.Reply, any Error> {
        var fields = HTTPFields()
        if let retryAfter { fields[.retryAfter] = retryAfter }
        return .success(StubTransport.Reply(status: .init(code: code), headerFields: fields))
    }

    static let refused: Result<StubTransport.Reply, any Error> = .failure(URLError(.cannotConnectToHost))

    static func client(
        _ script: Script,
        retry: RetryInterceptor,
        sleeps: Sleeps = Sleeps(),
        configure: (inout APIClient.Configuration) -> Void = { _ in }
    ) -> APIClient {
        APIClient(baseURL: URL(string: "https://api.example.com")!, transport: script.transport, interceptors: [retry])
        {
            $0.clock = sleeps.clock
            configure(&$0)
        }
    }

    static func retry(policy: RetryPolicy = RetryPolicy(), budget: RetryBudget? = nil) -> RetryInterceptor {
        RetryInterceptor(
            policy: policy, budget: budget, random: { 0.5 }, now: { Date(timeIntervalSince1970: 1_000_000) })
    }

    struct Text: APIRequest {
        typealias Response = String
        var method: HTTPRequest.Method = .get
        var path: String { "/x" }
        var headers: HTTPFields = [:]
        var options = RequestOptions()
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func retriesRetryableStatusesWithJitteredExponentialBackoff(code: Int) async throws {
        let script = Script([Self.status(code), Self.status(code)])
        let sleeps = Sleeps()
        #expect(try await Self.client(script, retry: Self.retry(), sleeps: sleeps).send(Text()) == #""ok""#)
        #expect(script.count == 3)
        // Full jitter with random() = 0.5: half of 0.5 s, then half of 1 s.
        #expect(sleeps.all == [.milliseconds(250), .milliseconds(500)])
    }

    @Test(arguments: [400, 401, 404, 409, 501])
    func doesNotRetryOtherStatuses(code: Int) async throws {
        let script = Script([Self.status(code)])
        let error = await #expect(throws: APIError.self) {
            try await Self.client(script, retry: Self.retry()).send(Text())
        }
        #expect(error?.status?.code == code)
        #expect(script.count == 1)
    }

    @Test func givesUpAfterTheMaximumAndReturnsTheLastResponse() async throws {
        let script = Script([Self.status(503), Self.status(503), Self.status(502)])
        let error = await #expect(throws: APIError.self) {
            try await Self.client(script, retry: Self.retry()).send(Text())
        }
        #expect(error?.kind == .unacceptableStatus)
        #expect(error?.status?.code == 502)
        #expect(script.count == 3)
    }

    @Test(arguments: [
        ("3", Duration.seconds(3)),
        ("0", Duration.zero),
        ("Mon, 12 Jan 1970 13:46:50 GMT", Duration.seconds(10)),  // now + 10 s
        ("Monday, 12-Jan-70 13:46:45 GMT", Duration.seconds(5)),
        ("Mon Jan 12 13:46:42 1970", Duration.seconds(2)),
        ("Mon, 12 Jan 1970 13:40:00 GMT", Duration.zero),  // in the past
    ])
    func honoursRetryAfterInBothForms(value: String, expected: Duration) async throws {
        let script = Script([Self.status(503, retryAfter: value)])
        let sleeps = Sleeps()
        _ = try await Self.client(script, retry: Self.retry(), sleeps: sleeps).send(Text())
        #expect(sleeps.all == [expected])
    }

    @Test(arguments: ["soon", "-5", "1.5", "Mon, 32 Jan 1970 13:46:50 GMT", ""])
    func ignoresMalformedRetryAfter(value: String) async throws {
        let script = Script([Self.status(429, retryAfter: value)])
        let sleeps = Sleeps()
        _ = try await Self.client(script, retry: Self.retry(), sleeps: sleeps).send(Text())
        #expect(sleeps.all == [.milliseconds(250)])
    }

    @Test func failsFastWhenTheWaitWouldOutlastTheDeadline() async throws {
        let script = Script([Self.status(503, retryAfter: "120")])
        let sleeps = Sleeps()
        let client = Self.client(script, retry: Self.retry(), sleeps: sleeps) { $0.timeout = .seconds(5) }
        let error = await #expect(throws: APIError.self) { try await client.send(Text()) }
        #expect(error?.status == .serviceUnavailable)
        #expect(sleeps.all.isEmpty)
        #expect(script.count == 1)
    }

    @Test func retriesConnectionFailuresButNotFailuresAfterTheResponseStarted() async throws {
        let script = Script([Self.refused])
        #expect(try await Self.client(script, retry: Self.retry()).send(Text()) == #""ok""#)
        #expect(script.count == 2)

        // A body cut short after the head arrived may have had effects: not retried.
        let attempts = Locked(0)
        let counting = CutBody(attempts: attempts)
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: counting,
            interceptors: [Self.retry()]
        ) { $0.clock = ManualClock(advancesOnSleep: true) }
        let error = await #expect(throws: APIError.self) { try await client.send(Text()) }
        #expect(error?.kind == .transport)
        #expect(attempts.withLock { $0 } == 1)
    }

    @Test func retriesPostOnlyWithAnIdempotencyKeyOrAnOptIn() async throws {
        let post = Text(method: .post)
        let plain = Script([Self.status(503)])
        _ = try? await Self.client(plain, retry: Self.retry()).send(post)
        #expect(plain.count == 1)

        let keyed = Script([Self.status(503)])
        var withKey = post
        withKey.headers = [HTTPField.Name("Idempotency-Key")!: "8e03978e"]
        _ = try await Self.client(keyed, retry: Self.retry()).send(withKey)
        #expect(keyed.count == 2)

        let optedIn = Script([Self.status(503)])
        var allowed = post
        allowed.options.allowsRetry = true
        _ = try await Self.client(optedIn, retry: Self.retry()).send(allowed)
        #expect(optedIn.count == 2)
    }

    @Test func retriesAPostTheServerLeftUnchangedButNotOneItMayHaveActedOn() async throws {
        let refused = Script([Self.refused])  // no connection: nothing was sent
        #expect(try await Self.client(refused, retry: Self.retry()).send(Text(method: .post)) == #""ok""#)
        #expect(refused.count == 2)

        let lost = Script([.failure(URLError(.networkConnectionLost))])
        let error = await #expect(throws: APIError.self) {
            try await Self.client(lost, retry: Self.retry()).send(Text(method: .post))
        }
        #expect(error?.delivery == .mayHaveBeenProcessed)
        #expect(lost.count == 1)
    }

    @Test func sharedBudgetStopsAStormFromMultiplyingTraffic() async throws {
        let failing = StubTransport { _, _ in .json("{}", status: .serviceUnavailable) }
        let attempts = Locked(0)
        let counting = StubTransport { request, body in
            attempts.withLock { $0 += 1 }
            let (response, _) = try await failing.send(
                request, body: body.map(OutgoingBody.init), context: TransportContext(deadline: .now + .seconds(5)))
            return StubTransport.Reply(status: response.status)
        }
        let budget = RetryBudget(ratio: 0.1, capacity: 5)
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: counting,
            interceptors: [Self.retry(budget: budget)]
        ) { $0.clock = ManualClock(advancesOnSleep: true) }
        for _ in 0..<50 {
            _ = try? await client.send(Text())
        }
        // 50 calls; without a budget 150 attempts. With it: 50 + at most 5 + 50 × 0.1 retries.
        #expect(attempts.withLock { $0 } <= 60)
        #expect(attempts.withLock { $0 } >= 55)
        #expect(budget.available < 1)
    }

    @Test func interceptorsAfterItSeeTheAttemptNumber() async throws {
        struct Attempts: Interceptor {
            let seen: Locked<[Int]>
            func intercept(
                _ request: HTTPRequest,
                body: OutgoingBody?,
                context: InterceptorContext,
                next: Next
            ) async throws -> InterceptorResponse {
                seen.withLock { $0.append(context.attempt) }
                return try await next(request, body)
            }
        }
        let seen = Locked<[Int]>([])
        let script = Script([Self.status(503), Self.status(503)])
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: script.transport,
            interceptors: [Self.retry(), Attempts(seen: seen)]
        ) { $0.clock = ManualClock(advancesOnSleep: true) }
        _ = try await client.send(Text())
        #expect(seen.withLock { $0 } == [1, 2, 3])
    }

    @Test func backoffDoublesUpToItsCap() async throws {
        let policy = RetryPolicy(maximumRetries: 5, initialBackoff: .seconds(1), maximumBackoff: .seconds(5))
        let script = Script(Array(repeating: Self.status(503), count: 5))
        let sleeps = Sleeps()
        let retry = RetryInterceptor(policy: policy, budget: nil, random: { 1 })
        _ = try await Self.client(script, retry: retry, sleeps: sleeps) { $0.timeout = .seconds(600) }.send(Text())
        #expect(sleeps.all == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
    }

    /// A transport whose connection drops once the head has arrived.
    struct CutBody: Transport {
        let attempts: Locked<Int>
        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            attempts.withLock { $0 += 1 }
            return (HTTPResponse(status: .ok), ResponseBody(failure: URLError(.networkConnectionLost)))
        }
    }
}
