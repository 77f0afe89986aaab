#if Demo
    import Courier
    import CourierTesting
    import DemoAPI
    import Foundation
    import Testing

    /// Seed 000's retry against the demo server's flaky endpoint, over every transport.
    @Suite("Wire: retry")
    struct WireRetryTests {
        struct Flaky: APIRequest {
            typealias Response = [String: Int]
            var method: HTTPRequest.Method { .get }
            var key = UUID().uuidString
            var failures: Int
            var retryAfter: String?
            var format = "seconds"
            var path: String { "/flaky" }
            var query: QueryParameters {
                ["key": key, "failures": failures, "retry_after": retryAfter, "retry_after_format": format]
            }
        }

        @Test(arguments: TransportKind.available)
        func retryAfterInSecondsIsHonouredUntilTheEndpointRecovers(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                // The client's clock records the waits and moves past them at once.
                let clock = ManualClock(advancesOnSleep: true)
                let client = makeClient(kind, baseURL: baseURL) {
                    $0.interceptors = [RetryInterceptor(budget: nil)]
                    $0.clock = clock
                }
                let result = try await client.send(Flaky(failures: 2, retryAfter: "1"))
                #expect(result == ["hits": 3])
                #expect(clock.sleeps == [.seconds(1), .seconds(1)])
            }
        }

        @Test(arguments: TransportKind.available)
        func retryAfterAsAnHTTPDateIsHonoured(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let clock = ManualClock(advancesOnSleep: true)
                let client = makeClient(kind, baseURL: baseURL) {
                    $0.interceptors = [RetryInterceptor(budget: nil)]
                    $0.clock = clock
                }
                _ = try await client.send(Flaky(failures: 1, retryAfter: "10", format: "date"))
                let waits = clock.sleeps
                // The date has whole seconds and the clock moves on before the client reads it, so
                // the wait is between nine and ten seconds, less any scheduling delay (seconds on a
                // machine whose cores other tests share). The sleep is recorded, not taken.
                #expect(waits.count == 1)
                #expect(waits.allSatisfy { $0 > .seconds(5) && $0 <= .seconds(10) })
            }
        }

        @Test(arguments: TransportKind.available)
        func retryAfterBeyondTheDeadlineFailsFastWithTheServersAnswer(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                // The client's clock, not this test's, says whether it waited: a sleep would be
                // recorded (and taken at once). 6 s of real time was exceeded in a CI run whose heavier
                // tests held the process, for a call that takes milliseconds.
                let clock = ManualClock(advancesOnSleep: true)
                let client = makeClient(kind, baseURL: baseURL) {
                    $0.interceptors = [RetryInterceptor()]
                    $0.timeout = .seconds(10)
                    $0.clock = clock
                }
                let request = Flaky(failures: 1, retryAfter: "30")
                let error = try #require(await #expect(throws: APIError.self) { try await client.send(request) })
                // No wait for the 30 s the server asked for, nor for the 10 s deadline.
                #expect(clock.sleeps.isEmpty)
                #expect(clock.now.offset == .zero)
                #expect(error.status == .serviceUnavailable)
                #expect(error.response?.headerFields[.retryAfter] == "30")
                let hits = try await client.send(HitsRequest(key: request.key))
                #expect(hits == ["hits": 1])
            }
        }

        @Test(arguments: TransportKind.available)
        func aBodyCutShortAfterTheHeadKeepsTheHeadAndIsNotRetried(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let key = "cut-\(kind)"
                let client = makeClient(kind, baseURL: baseURL) {
                    $0.interceptors = [RetryInterceptor(budget: nil, random: { 0 })]
                }
                let error = await #expect(throws: APIError.self) {
                    try await client.send(RawRequest(path: "/cut-body", query: ["bytes": 1000, "key": key]))
                }
                #expect(error?.kind == .transport)
                #expect(error?.status == .ok)  // the head had arrived: the server may have acted
                #expect(error?.message == "The connection failed while the body was read.")
                // Retries are for failures before any response; this one was sent once.
                let hits = try await client.send(HitsRequest(key: key))
                #expect(hits == ["hits": 1])
            }
        }

        struct HitsRequest: APIRequest {
            typealias Response = [String: Int]
            var method: HTTPRequest.Method { .get }
            var key: String
            var path: String { "/hits" }
            var query: QueryParameters { ["key": key] }
        }
    }
#endif
