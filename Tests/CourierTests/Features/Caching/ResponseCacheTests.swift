import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierCaching
@testable import CourierCore

/// The cache step over a transport that counts and holds its calls: coalescing and cancellation.
@Suite("ResponseCache")
struct ResponseCacheTests {
    /// Answers after a gate opens, counting calls and cancellations.
    final class HeldTransport: Transport {
        let calls = Locked(0)
        let cancellations = Locked(0)
        let delay: Duration

        init(delay: Duration) {
            self.delay = delay
        }

        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            calls.withLock { $0 += 1 }
            do {
                try await context.clock.sleep(for: delay)
            } catch {
                cancellations.withLock { $0 += 1 }
                throw error
            }
            return (
                HTTPResponse(status: .ok, headerFields: [.cacheControl: "no-store"]), ResponseBody(Data("[1]".utf8))
            )
        }
    }

    struct Numbers: APIRequest {
        typealias Response = [Int]
        var method: HTTPRequest.Method { .get }
        var path: String { "/numbers" }
    }

    func client(_ transport: some Transport, clock: ManualClock? = nil) -> APIClient {
        APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport) {
            $0.cache = ResponseCache()
            if let clock { $0.clock = clock }
        }
    }

    @Test func theLastCallerLeavingCancelsTheWireCall() async throws {
        let transport = HeldTransport(delay: .seconds(30))
        let client = client(transport)
        let tasks = (0..<3).map { _ in Task { try await client.send(Numbers()) } }
        // All three have joined the one load (under Thread Sanitizer the first reached the wire
        // while the others had not joined yet, and its cancellation abandoned the load). The limit
        // is generous: when the whole suite starts at once, a task may wait 10 s for a thread, and
        // a caller cancelled before it joins starts (and abandons) a load of its own.
        let coalescer = try #require(client.configuration.cache).coalescer
        let joining = ContinuousClock.now
        while transport.calls.withLock({ $0 }) == 0 || coalescer.callers < 3, joining.duration(to: .now) < .seconds(60)
        {
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(coalescer.callers == 3)
        tasks[0].cancel()
        tasks[1].cancel()
        try await Task.sleep(for: .milliseconds(200))
        #expect(transport.cancellations.withLock { $0 } == 0)  // one caller is still waiting
        tasks[2].cancel()
        for task in tasks {
            let error = await #expect(throws: APIError.self) { try await task.value }
            #expect(error?.kind == .cancelled)
        }
        let started = ContinuousClock.now
        while transport.cancellations.withLock({ $0 }) == 0, started.duration(to: .now) < .seconds(60) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(transport.cancellations.withLock { $0 } == 1)
        #expect(transport.calls.withLock { $0 } == 1)
    }

    @Test func aCallerWhoseDeadlinePassesLeavesWithATimeoutAlone() async throws {
        let clock = ManualClock()
        let transport = HeldTransport(delay: .seconds(5))
        let client = client(transport, clock: clock)
        let patient = Task { try await client.send(Numbers()) }
        await clock.waitForSleepers()  // the load is under way
        var hasty = client
        hasty.configuration.timeout = .milliseconds(300)
        let joined = Task { try await hasty.send(Numbers()) }
        await clock.waitForDeadlines(2)
        await clock.advance(by: .milliseconds(300))
        let error = await #expect(throws: APIError.self) { try await joined.value }
        #expect(error?.kind == .timeout)
        await clock.advance(by: .seconds(5))
        #expect(try await patient.value == [1])
        #expect(transport.calls.withLock { $0 } == 1)
    }

    @Test func aCallerThatJoinedLoadsAloneWhenTheSharedLoadRunsOutOfTheFirstCallersTime() async throws {
        let clock = ManualClock()
        let transport = HeldTransport(delay: .seconds(1))
        var configured = client(transport, clock: clock)
        configured.configuration.timeout = .milliseconds(300)
        let hasty = configured
        let first = Task { try await hasty.send(Numbers()) }
        await clock.waitForSleepers()  // the shared load is under way, on the first caller's time
        var patient = configured
        patient.configuration.timeout = .seconds(30)
        let second = Task { try await patient.send(Numbers()) }
        await clock.waitForDeadlines(2)
        await clock.advance(by: .seconds(1))  // the shared load ends past the first caller's deadline
        let error = await #expect(throws: APIError.self) { try await first.value }
        #expect(error?.kind == .timeout)
        await clock.waitForSleepers()  // the second caller loads alone
        await clock.advance(by: .seconds(1))
        #expect(try await second.value == [1])
        #expect(transport.calls.withLock { $0 } == 2)
    }

    @Test func aStreamedCallBypassesTheCache() async throws {
        let transport = HeldTransport(delay: .zero)
        let client = client(transport)
        for _ in 0..<2 {
            _ = try await client.withBytes(Numbers()) { _, body in
                for try await _ in body {}
            }
        }
        #expect(transport.calls.withLock { $0 } == 2)
    }
}
