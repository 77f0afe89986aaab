import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierOutbox

/// A group is delivered in order and a failure holds the rest of it while other groups go on;
/// an entry is never delivered twice at once.
@Suite(.timeLimit(.minutes(1))) struct OutboxOrderTests {
    @Test func aFailureHoldsItsGroupWhileOtherEntriesGoOn() async throws {
        let failedOnce = Locked(false)
        let harness = Harness { request, _ in
            let first = request.path?.contains("/notes/1?") == true
            let failedBefore = failedOnce.withLock { failed in
                defer { failed = failed || first }
                return failed
            }
            if first, !failedBefore {
                return StubTransport.Reply(status: .serviceUnavailable)
            }
            return .json(#"{"id": 0}"#, status: .created)
        }
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        outbox.networkDidChange(isAvailable: false)
        for id in 1...3 { try await outbox.enqueue(SaveNote(id: id), kind: "note.save", group: "notes") }
        try await outbox.enqueue(SaveNote(id: 4), kind: "note.save")
        var events = outbox.events().makeAsyncIterator()
        outbox.networkDidChange(isAvailable: true)
        var outcomes: [String] = []
        while outcomes.count < 2, let event = await events.next() {
            if event.kind == .failed || event.kind == .delivered {
                outcomes.append("\(event.kind) \(event.entry!.path)")
            }
        }
        #expect(Set(outcomes) == ["failed /notes/1", "delivered /notes/4"])
        #expect(Set(harness.arrivals.paths) == ["/v1/notes/1?draft=1", "/v1/notes/4?draft=1"], "2 and 3 wait for 1")
        await harness.clock.advance(by: .milliseconds(500))
        var delivered: [String] = []
        while delivered.count < 3, let event = await events.next(.delivered) { delivered.append(event.entry!.path) }
        #expect(delivered == ["/notes/1", "/notes/2", "/notes/3"])
        #expect(harness.arrivals.paths.filter { !$0.contains("/4") } == [1, 1, 2, 3].map { "/v1/notes/\($0)?draft=1" })
        await outbox.close()
    }

    @Test func anEntryIsNeverDeliveredTwiceAtOnce() async throws {
        let gate = Gate()
        let harness = Harness { _, _ in
            try await gate.wait()
            return .json(#"{"id": 1}"#, status: .created)
        }
        defer { harness.removeFolder() }
        let outbox = try await harness.open { $0.maximumConcurrentDeliveries = 8 }
        var events = outbox.events().makeAsyncIterator()
        let entry = try await outbox.enqueue(SaveNote(id: 1), kind: "note.save")
        _ = await events.next(.delivering)
        // Everything that wakes the delivery loop, while the entry's call is under way.
        for id in 2...6 { try await outbox.enqueue(SaveNote(id: id), kind: "note.save", group: "other") }
        for _ in 0..<20 { outbox.networkDidChange(isAvailable: true) }
        await harness.clock.advance(by: .seconds(30))  // under the calls' 60 s timeout
        #expect(harness.arrivals.all.filter { $0.key == entry.idempotencyKey }.count == 1)
        await gate.open()
        var delivered = 0
        while delivered < 6, await events.next(.delivered) != nil { delivered += 1 }
        #expect(harness.arrivals.all.filter { $0.key == entry.idempotencyKey }.count == 1)
        #expect(Set(harness.arrivals.all.compactMap(\.key)).count == 6)
        await outbox.close()
    }
}

/// Holds callers until opened; a caller whose task is cancelled throws, as a transport does.
actor Gate {
    private var isOpen = false
    private var waiting: [UUID: CheckedContinuation<Void, Never>] = [:]

    func wait() async throws {
        if isOpen { return }
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { continuation.resume() } else { waiting[id] = continuation }
            }
        } onCancel: {
            Task { await self.release(id) }
        }
        try Task.checkCancellation()
    }

    private func release(_ id: UUID) {
        waiting.removeValue(forKey: id)?.resume()
    }

    func open() {
        isOpen = true
        for continuation in waiting.values { continuation.resume() }
        waiting = [:]
    }
}
