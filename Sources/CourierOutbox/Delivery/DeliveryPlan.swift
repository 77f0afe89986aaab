import Foundation

/// Which entries to deliver now, which have expired, and when to look again: the delivery
/// rules' order, as one pure function of the entries and the time.
///
/// - A group is delivered in order: only its first entry (the lowest sequence) is ever tried,
///   so a failure holds the rest of its group, a dead letter too; other groups go on.
/// - An entry without a group waits for nothing but its own next attempt.
/// - An entry is tried once its next attempt is due (or at once, when the network's return
///   expedited it), while fewer than `capacity` attempts are in flight (an attempt whose answer
///   came, `answered`, and whose outcome is being recorded holds its entry but no place); never
///   while it is being delivered already (it is claimed).
/// - An entry past its expiry is set aside, wherever it stands in its group.
/// - While the network is unavailable nothing is tried; entries still expire.
///
/// It reads of each entry only what ``Plannable`` names: the outbox plans over the store's
/// summaries of its entries (`OutboxState.Summary`), not over the entries, which hold requests.
struct DeliveryPlan<Entry: Plannable>: Equatable {
    /// The entries to deliver now, in order.
    var start: [Entry] = []
    /// The entries past their expiry.
    var expired: [Entry] = []
    /// When an entry that waits becomes due or expires; `nil` when none does.
    var nextWake: Date?

    init(
        pending: [Entry], deadLetters: [Entry], claimed: Set<UUID>, answered: Set<UUID> = [],
        expedited: Set<UUID> = [], now: Date, capacity: Int, networkAvailable: Bool
    ) {
        var held = Set(deadLetters.compactMap(\.group))
        let inFlight = answered.isEmpty ? claimed.count : claimed.count { !answered.contains($0) }
        var free = max(0, capacity - inFlight)
        for entry in pending {
            let isClaimed = claimed.contains(entry.id)
            if let expiresAt = entry.expiresAt, !isClaimed {
                guard expiresAt > now else {
                    expired.append(entry)
                    if let group = entry.group { held.insert(group) }
                    continue
                }
                wake(at: expiresAt)
            }
            if let group = entry.group {
                // The first entry of its group; those after it wait for it.
                guard held.insert(group).inserted else { continue }
            }
            guard !isClaimed, networkAvailable else { continue }
            let due = expedited.contains(entry.id) ? now : entry.nextAttemptAt ?? now
            if due > now {
                wake(at: due)
            } else if free > 0 {
                start.append(entry)
                free -= 1
            }
        }
    }

    private mutating func wake(at date: Date) {
        nextWake = min(nextWake ?? date, date)
    }
}

/// What the delivery plan reads of an entry.
protocol Plannable: Equatable {
    var id: UUID { get }
    var group: String? { get }
    var expiresAt: Date? { get }
    var nextAttemptAt: Date? { get }
}

extension StoredEntry: Plannable {}
