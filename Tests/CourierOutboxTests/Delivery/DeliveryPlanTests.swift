import Courier
import Foundation
import Testing

@testable import CourierOutbox

/// The order rules: a group in order, a failure or a dead letter holding the rest of its group,
/// other groups and ungrouped entries going on, the capacity, expiry, and no entry twice.
@Suite struct DeliveryPlanTests {
    let now = Date.sample

    func entries(_ groups: [String?]) -> [StoredEntry] {
        groups.enumerated().map { index, group in
            var entry = StoredEntry.sample(group: group)
            entry.sequence = UInt64(index)
            return entry
        }
    }

    func plan(
        _ pending: [StoredEntry], dead: [StoredEntry] = [], claimed: Set<UUID> = [], expedited: Set<UUID> = [],
        capacity: Int = 10, network: Bool = true
    ) -> DeliveryPlan<StoredEntry> {
        DeliveryPlan(
            entries: (pending + dead).sorted { $0.sequence < $1.sequence }, claimed: claimed, expedited: expedited,
            now: now, capacity: capacity,
            networkAvailable: network)
    }

    @Test func aGroupIsDeliveredOneEntryAtATimeInOrder() {
        let pending = entries(["a", "a", "b", nil, "b", nil])
        #expect(plan(pending).start.map(\.sequence) == [0, 2, 3, 5])
    }

    @Test func anEntryBeingDeliveredHoldsItsGroupAndIsNotStartedAgain() {
        let pending = entries(["a", "a", nil])
        let claimed: Set = [pending[0].id, pending[2].id]
        #expect(plan(pending, claimed: claimed).start.isEmpty)
    }

    @Test func aFailureWaitingForItsNextAttemptHoldsItsGroupOnlyUntilDue() {
        var pending = entries(["a", "a", "b"])
        pending[0].attempts = 1
        pending[0].nextAttemptAt = now + .seconds(30)
        let waiting = plan(pending)
        #expect(waiting.start.map(\.sequence) == [2], "group a waits, group b goes on")
        #expect(waiting.nextWake == now + .seconds(30))
        pending[0].nextAttemptAt = now
        #expect(plan(pending).start.map(\.sequence) == [0, 2])
    }

    @Test func aDeadLetterHoldsTheRestOfItsGroup() {
        var all = entries(["a", "a", "b"])
        all[0].deadLetter = StoredEntry.DeadLetter(reason: 1, failure: nil, responseBody: nil, date: now)
        #expect(plan(Array(all.dropFirst()), dead: [all[0]]).start.map(\.sequence) == [2])
    }

    @Test func noMoreThanTheCapacityStartsBesideThoseUnderWay() {
        let pending = entries([nil, nil, nil, nil, nil])
        #expect(plan(pending, capacity: 3).start.map(\.sequence) == [0, 1, 2])
        #expect(plan(pending, claimed: [pending[0].id], capacity: 3).start.map(\.sequence) == [1, 2])
    }

    @Test func anExpiredEntryIsSetAsideWhereverItStandsAndHoldsItsGroup() {
        var pending = entries(["a", "a", "a", nil])
        pending[1].expiresAt = now
        pending[3].expiresAt = now - 1
        let expiring = plan(pending)
        #expect(expiring.expired.map(\.sequence) == [1, 3])
        #expect(expiring.start.map(\.sequence) == [0])
        pending[0].expiresAt = now
        #expect(plan(pending).start.isEmpty, "the group is held by its expired first entry")
    }

    @Test func theNextWakeIsTheEarliestDueAttemptOrExpiry() {
        var pending = entries([nil, nil])
        pending[0].nextAttemptAt = now + .seconds(50)
        pending[1].nextAttemptAt = now + .seconds(90)
        pending[1].expiresAt = now + .seconds(20)
        #expect(plan(pending).nextWake == now + .seconds(20))
    }

    @Test func withoutANetworkNothingStartsButEntriesStillExpire() {
        var pending = entries([nil, nil])
        pending[1].expiresAt = now
        let offline = plan(pending, network: false)
        #expect(offline.start.isEmpty)
        #expect(offline.expired.map(\.sequence) == [1])
    }

    @Test func givenABoundAPlanStopsReadingOnceNothingMoreCanStartAndWakesByTheBound() {
        var pending = entries([nil, nil, nil, nil])
        pending[3].nextAttemptAt = now + .seconds(40)  // read by a full plan only
        let bound = now + .seconds(30)
        let full = plan(pending, capacity: 2)
        #expect(full.start.map(\.sequence) == [0, 1])
        #expect(full.nextWake == now + .seconds(40))
        #expect(full.earliestDate == now + .seconds(40), "the earliest next attempt or expiry of every entry")
        let bounded = DeliveryPlan(
            entries: pending, deadLetters: 0, claimed: [], now: now, capacity: 2, networkAvailable: true,
            notBefore: bound)
        #expect(bounded.start.map(\.sequence) == [0, 1], "the same entries start")
        #expect(bounded.nextWake == bound, "an earlier wake than needed, never a later")
        #expect(bounded.earliestDate == nil, "it did not read every entry")
        let offline = DeliveryPlan(
            entries: pending, claimed: [], now: now, capacity: 2, networkAvailable: false, notBefore: bound)
        #expect(offline.start.isEmpty && offline.expired.isEmpty && offline.nextWake == bound)
    }

    @Test func aBoundThatIsNotLaterThanNowIsNotTrusted() {
        var pending = entries([nil, nil])
        pending[1].expiresAt = now - 1
        let stale = DeliveryPlan(
            entries: pending, claimed: [pending[0].id], now: now, capacity: 1, networkAvailable: true, notBefore: now)
        #expect(stale.expired.map(\.sequence) == [1], "every entry is read, the expired one found")
        #expect(stale.earliestDate == now - 1)
    }

    @Test func theStatesBoundIsNeverLaterThanAnEntrysDatesAndASettledPlanMakesItExact() throws {
        var state = OutboxState()
        #expect(state.earliestDate == .distantFuture)
        var entry = StoredEntry.sample()
        state.apply(.entry(entry))
        #expect(state.earliestDate == entry.expiresAt)
        let failure = StoredEntry.Failure(kind: "timeout", status: nil, message: "The call timed out.", network: true)
        state.apply(.failed(entry.id, attempts: 1, nextAttemptAt: now + .seconds(5), failure: failure))
        #expect(state.earliestDate == now + .seconds(5))
        state.apply(.delivered(entry.id))
        #expect(state.earliestDate == now + .seconds(5), "a removal leaves the bound low")
        entry = StoredEntry.sample()
        entry.sequence = 1
        state.apply(.entry(entry))
        // Once the bound has passed, a plan reads every entry and finds the exact date.
        let plan = DeliveryPlan(
            entries: state.summaries, claimed: [], now: now + .seconds(10), capacity: 0, networkAvailable: true,
            notBefore: state.earliestDate)
        state.settle(earliestDate: try #require(plan.earliestDate))
        #expect(state.earliestDate == entry.expiresAt)
    }

    @Test func theNetworksReturnMakesAnEntryDueAtOnce() {
        var pending = entries([nil])
        pending[0].nextAttemptAt = now + .seconds(600)
        #expect(plan(pending).start.isEmpty)
        #expect(plan(pending, expedited: [pending[0].id]).start.count == 1)
    }
}

extension Date {
    static func - (date: Date, seconds: TimeInterval) -> Date { date.addingTimeInterval(-seconds) }
}
