import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierCore

/// The one owner of a call's time, on a clock the tests move: when it ends work, how it words the
/// timeout, how a stream's deadline moves.
@Suite("DeadlineScope")
struct DeadlineScopeTests {
    static let request = HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/x")

    @Test func workInItsOwnTaskIsCutOffAtTheDeadline() async throws {
        let clock = ManualClock()
        let scope = DeadlineScope(clock: CallClock(clock), limit: .total(.seconds(2)))
        let run = Task { try await scope.run { try await clock.sleep(for: .seconds(60)) } }
        await clock.waitForDeadlines()
        await clock.advance(by: .milliseconds(1999))
        #expect(!scope.hasPassed)
        #expect(scope.remaining == .milliseconds(1))
        await clock.advance(by: .milliseconds(1))
        await #expect(throws: DeadlineScope.Expired.self) { try await run.value }
        #expect(scope.hasExpired)
        #expect(scope.remaining == .zero)
    }

    @Test func workThatSwallowsItsCancellationStillFailsAtTheDeadline() async throws {
        let clock = ManualClock()
        let scope = DeadlineScope(clock: CallClock(clock), limit: .total(.seconds(1)))
        let run = Task {
            try await scope.run { () async throws -> Int in
                try? await clock.sleep(for: .seconds(60))
                return 42
            }
        }
        await clock.waitForDeadlines()
        await clock.advance(by: .seconds(1))
        await #expect(throws: DeadlineScope.Expired.self) { try await run.value }
    }

    @Test func workInTheCallersTaskRunsThereAndSaysWhenItIsLate() async throws {
        let clock = ManualClock()
        let scope = DeadlineScope(clock: CallClock(clock), limit: .total(.seconds(1)), ownTask: false)
        #expect(!scope.runsInItsOwnTask)
        // Nothing cuts the work off: it checks the time itself once it has its answer (the
        // runner's end-of-call check, which `InterceptorDeadlineTests` covers through a client).
        let value = try await scope.run { () async -> Int in
            await clock.advance(by: .seconds(2))
            return 7
        }
        #expect(value == 7)
        #expect(scope.hasPassed)
        #expect(!scope.hasExpired)  // no alarm rang: there was none to ring
        let error = scope.timeoutError(request: Self.request)
        #expect(error.kind == .timeout)
        // In time, it has not passed.
        let early = DeadlineScope(clock: CallClock(clock), limit: .total(.seconds(1)), ownTask: false)
        #expect(try await early.run { 7 } == 7)
        #expect(!early.hasPassed)
        #expect(early.remaining == .seconds(1))
    }

    @Test func aCancelledCallerIsCancelledNotTimedOut() async throws {
        let clock = ManualClock()
        let scope = DeadlineScope(clock: CallClock(clock), limit: .total(.seconds(5)))
        let run = Task { try await scope.run { try await clock.sleep(for: .seconds(60)) } }
        await clock.waitForSleepers()
        run.cancel()
        let error = await #expect(throws: (any Error).self) { try await run.value }
        let classified = scope.classify(try #require(error), request: Self.request, response: nil)
        #expect(classified.kind == .cancelled)
        #expect(!scope.hasExpired)
    }

    @Test func aStreamsDeadlineMovesWithItsChunksAndWaitsForNoConsumer() async throws {
        let clock = ManualClock()
        let scope = DeadlineScope(clock: CallClock(clock), limit: .connect(.seconds(10)))
        let run = Task {
            try await scope.run {
                scope.rearm(.idle(.seconds(1)))  // the head arrived
                try await clock.sleep(for: .milliseconds(900))  // a chunk in time
                scope.pause()  // a slow consumer
                try await clock.sleep(for: .seconds(30))
                scope.rearm(.idle(.seconds(1)))
                try await clock.sleep(for: .seconds(5))  // silence
            }
        }
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(900))
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(30))
        #expect(!scope.hasPassed)
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(1))
        await #expect(throws: DeadlineScope.Expired.self) { try await run.value }
        let error = scope.timeoutError(request: Self.request)
        #expect(error.message == "The stream stayed silent for longer than its idle timeout of 1.0 seconds.")
    }

    @Test func theTimeoutIsWordedByWhatRanOut() {
        let scope = { (limit: DeadlineScope.Limit) in DeadlineScope(clock: .system, limit: limit) }
        #expect(
            scope(.total(.seconds(3))).timeoutError(request: Self.request).message
                == "The call did not complete within its time limit of 3.0 seconds.")
        #expect(
            scope(.total(.seconds(3))).timeoutError(request: Self.request, interceptor: "Slow").message
                == "The call did not complete within its time limit of 3.0 seconds while Slow ran.")
        #expect(
            scope(.connect(.seconds(3))).timeoutError(request: Self.request).message
                == "The server did not answer within the time limit of 3.0 seconds.")
        #expect(
            scope(.total(.seconds(3))).timeoutError(request: Self.request, byTransport: true).message
                == "The transport timed out.")
    }

    @Test func failuresAreClassifiedOnce() {
        let scope = DeadlineScope(clock: .system, limit: .total(.seconds(60)))
        #expect(scope.classify(TransportDeadlineReached(), request: Self.request, response: nil).kind == .timeout)
        #expect(scope.classify(CancellationError(), request: Self.request, response: nil).kind == .cancelled)
        #expect(scope.classify(URLError(.timedOut), request: Self.request, response: nil).kind == .timeout)
        let lost = scope.classify(URLError(.networkConnectionLost), request: Self.request, response: nil)
        #expect(lost.kind == .transport)
        #expect(lost.message == "The connection failed after the request was sent: the server may have acted on it.")
        #expect(lost.delivery == .mayHaveBeenProcessed)
        let refused = scope.classify(URLError(.cannotConnectToHost), request: Self.request, response: nil)
        #expect(refused.message == "The request could not be sent.")
        #expect(refused.delivery == .notSent)
        let exceeded = BodyLimitExceeded(limit: 10, reason: .announced(11))
        let tooLarge = scope.classify(exceeded, request: Self.request, response: nil)
        #expect(tooLarge.kind == .bodyTooLarge)
        #expect(tooLarge.message == "The response body (11 bytes) exceeds the limit of 10 bytes.")
    }

    @Test func alarmsRingInOrderOnAnyClock() async throws {
        // A clock that is neither the system's nor Courier's test clock: its alarms sleep on it.
        let clock = CallClock(SuspendingClock())
        let rung = Locked<[Int]>([])
        let now = clock.now()
        for (index, delay) in [30, 10, 20].enumerated() {
            _ = clock.alarms.set(at: now + .milliseconds(delay)) { rung.withLock { $0.append(index) } }
        }
        let cancelled = clock.alarms.set(at: now + .milliseconds(15)) { rung.withLock { $0.append(99) } }
        clock.alarms.cancel(cancelled)
        // Up to 30 s of real time: alarms 10-30 ms away took more than 5 s to ring in a full CI
        // run on a 2-core machine with a load average of 14 (the Thread Sanitizer build beside it).
        let started = ContinuousClock.now
        while rung.withLock({ $0.count }) < 3, started.duration(to: .now) < .seconds(30) {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(rung.withLock { $0 } == [1, 2, 0])
    }
}
