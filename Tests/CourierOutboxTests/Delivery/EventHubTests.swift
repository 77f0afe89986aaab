import Testing

@testable import CourierOutbox

/// What the first sequence gets of the events published before anyone listened.
@Suite struct EventHubTests {
    @Test func theFirstSequenceGetsTheLatestBacklogLimitEventsInOrderThenASnapshot() async {
        let hub = EventHub(counts: OutboxCounts(pending: 0, deadLetters: 0))
        let published = EventHub.backlogLimit * 2 + 500
        for pending in 1...published {
            hub.publish(
                counts: OutboxCounts(pending: pending, deadLetters: 0),
                [
                    OutboxEvent(.pending, counts: OutboxCounts(pending: pending, deadLetters: 0))
                ])
        }
        hub.finish()
        var received: [OutboxEvent] = []
        for await event in hub.subscribe() { received.append(event) }
        let backlog = received.dropLast()
        #expect(backlog.map(\.pendingCount) == Array((published - EventHub.backlogLimit + 1)...published))
        #expect(received.last?.kind == .snapshot)
        #expect(received.last?.pendingCount == published)
    }
}
