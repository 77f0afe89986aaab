import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierOutbox

/// Back-off on the client's clock (no test waits for real time), `Retry-After`, the most
/// attempts, expiry, and the dead-letter list the app retries or discards.
@Suite(.timeLimit(.minutes(1))) struct OutboxRetryTests {
    struct Offline: Error {}

    /// Answers 503 to the first `failures` requests, then 201.
    static func failing(_ failures: Int, headers: HTTPFields = [:])
        -> @Sendable (HTTPRequest, Int) async throws
        -> StubTransport.Reply
    {
        { _, count in
            count <= failures
                ? StubTransport.Reply(status: .serviceUnavailable, headerFields: headers)
                : .json(#"{"id": 1}"#, status: .created)
        }
    }

    @Test func aFailedAttemptIsTriedAgainAfterTheBackOffWithTheSameKey() async throws {
        let harness = Harness(answer: Self.failing(2))
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        var events = outbox.events().makeAsyncIterator()
        let entry = try await outbox.enqueue(SaveNote(id: 1), kind: "note.save")
        let first = try #require(await events.next(.failed))
        #expect(first.entry?.attempts == 1)
        #expect(first.error?.status == .serviceUnavailable)
        // Full jitter with one half: 0.5 s before the second attempt, 1 s before the third.
        let waited = try #require(first.entry?.nextAttemptAt).timeIntervalSince(try #require(first.entry?.enqueuedAt))
        #expect(abs(waited - 0.5) < 0.01)
        await harness.clock.advance(by: .milliseconds(499))
        #expect(harness.arrivals.all.count == 1, "nothing is sent before the back-off ends")
        await harness.clock.advance(by: .milliseconds(1))
        let second = try #require(await events.next(.failed))
        #expect(second.entry?.attempts == 2)
        await harness.clock.advance(by: .seconds(1))
        _ = try #require(await events.next(.delivered))
        #expect(harness.arrivals.all.map(\.key) == Array(repeating: entry.idempotencyKey, count: 3))
        await outbox.close()
    }

    @Test func retryAfterSetsTheWait() async throws {
        let harness = Harness(answer: Self.failing(1, headers: [.retryAfter: "30"]))
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        var events = outbox.events().makeAsyncIterator()
        try await outbox.enqueue(SaveNote(id: 1), kind: "note.save")
        _ = try #require(await events.next(.failed))
        await harness.clock.advance(by: .seconds(29))
        #expect(harness.arrivals.all.count == 1)
        await harness.clock.advance(by: .seconds(1))
        _ = try #require(await events.next(.delivered))
        #expect(harness.arrivals.all.count == 2)
        await outbox.close()
    }

    @Test func anEntryOutOfAttemptsBecomesADeadLetter() async throws {
        let harness = Harness(answer: Self.failing(.max))
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        var events = outbox.events().makeAsyncIterator()
        var rules = DeliveryRules()
        rules.retry.maximumRetries = 2
        try await outbox.enqueue(SaveNote(id: 1), kind: "note.save", rules: rules)
        _ = try #require(await events.next(.failed))
        await harness.clock.advance(by: .seconds(1))
        _ = try #require(await events.next(.failed))
        await harness.clock.advance(by: .seconds(1))
        let dead = try #require(await events.next(.deadLettered))
        #expect(dead.entry?.deadLetter?.reason == .attemptsExhausted)
        #expect(dead.entry?.attempts == 3)
        #expect(dead.entry?.deadLetter?.failure?.status == .serviceUnavailable)
        #expect(dead.pendingCount == 0 && dead.deadLetterCount == 1)
        await harness.clock.advance(by: .seconds(3600))
        #expect(harness.arrivals.all.count == 3, "a dead letter is not tried again")
        await outbox.close()
    }

    @Test func anEntryNotDeliveredBeforeItsExpiryBecomesADeadLetter() async throws {
        let harness = Harness(answer: Self.failing(.max, headers: [.retryAfter: "3600"]))
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        var events = outbox.events().makeAsyncIterator()
        let entry = try await outbox.enqueue(
            SaveNote(id: 1), kind: "note.save", rules: DeliveryRules(expiry: .seconds(60)))
        _ = try #require(await events.next(.failed))
        await harness.clock.advance(by: .seconds(59))
        #expect(try await outbox.deadLetters.isEmpty)
        await harness.clock.advance(by: .seconds(1))
        let dead = try #require(await events.next(.deadLettered))
        #expect(dead.entry?.id == entry.id)
        #expect(dead.entry?.deadLetter?.reason == .expired)
        #expect(harness.arrivals.all.count == 1)
        await outbox.close()
    }

    @Test func aRefusedEntryIsADeadLetterTheAppCanRetry() async throws {
        let harness = Harness { _, count in
            count == 1
                ? .json(#"{"error": "title missing"}"#, status: .unprocessableContent)
                : .json("{\"id\": 1}", status: .created)
        }
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        var events = outbox.events().makeAsyncIterator()
        let entry = try await outbox.enqueue(SaveNote(id: 1), kind: "note.save")
        let dead = try #require(await events.next(.deadLettered))
        #expect(dead.entry?.deadLetter?.reason == .rejected)
        #expect(dead.entry?.deadLetter?.failure?.status == .unprocessableContent)
        #expect(dead.entry?.deadLetter?.responseBody == Data(#"{"error": "title missing"}"#.utf8))
        #expect(try await outbox.deadLetters.map(\.id) == [entry.id])
        #expect(try await outbox.count == 0)
        let retried = try await outbox.retry(entry.id)
        #expect(retried.attempts == 0 && retried.deadLetter == nil)
        _ = try #require(await events.next(.delivered))
        #expect(harness.arrivals.all.map(\.key) == [entry.idempotencyKey, entry.idempotencyKey])
        #expect(try await outbox.deadLetters.isEmpty)
        await outbox.close()
    }

    @Test func aDiscardedDeadLetterLeavesAndReleasesItsGroup() async throws {
        let harness = Harness { request, _ in
            request.path?.contains("/notes/1") == true
                ? StubTransport.Reply(status: .forbidden) : .json(#"{"id": 2}"#, status: .created)
        }
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        var events = outbox.events().makeAsyncIterator()
        let first = try await outbox.enqueue(SaveNote(id: 1), kind: "note.save", group: "note")
        try await outbox.enqueue(SaveNote(id: 2), kind: "note.save", group: "note")
        _ = try #require(await events.next(.deadLettered))
        await harness.clock.advance(by: .seconds(60))
        #expect(harness.arrivals.paths == ["/v1/notes/1?draft=1"], "the dead letter holds its group")
        try await outbox.discard(first.id)
        _ = try #require(await events.next(.discarded))
        _ = try #require(await events.next(.delivered))
        #expect(harness.arrivals.paths == ["/v1/notes/1?draft=1", "/v1/notes/2?draft=1"])
        #expect(try await outbox.deadLetters.isEmpty)
        await #expect(throws: APIError.self) { try await outbox.discard(first.id) }
        await outbox.close()
    }

    @Test func theNetworksReturnTriesAtOnceWhatFoundNoNetwork() async throws {
        let harness = Harness { _, count in
            guard count > 1 else { throw Offline() }
            return .json(#"{"id": 1}"#, status: .created)
        }
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        var events = outbox.events().makeAsyncIterator()
        try await outbox.enqueue(
            SaveNote(id: 1), kind: "note.save",
            rules: DeliveryRules(
                retry: RetryPolicy(
                    maximumRetries: 5, initialBackoff: .seconds(600))))
        let failed = try #require(await events.next(.failed))
        #expect(failed.entry?.lastFailure?.kind == .transport)
        outbox.networkDidChange(isAvailable: true)
        _ = try #require(await events.next(.delivered))
        #expect(harness.arrivals.all.count == 2)
        await outbox.close()
    }
}
