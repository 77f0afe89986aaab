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
    /// When an entry that waits becomes due or expires; `nil` when none does. A plan that
    /// stopped reading early gives its `notBefore` (an earlier wake than needed, never a later).
    var nextWake: Date?
    /// The earliest expiry or next attempt of any entry waiting (`distantFuture` for none), when
    /// the plan read every entry; `nil` when it stopped early.
    var earliestDate: Date?

    /// Plans over `entries`, in sequence order, the dead letters among them.
    ///
    /// A pass runs after every change: it reads each entry in place (by index), looks up the few
    /// claimed or expedited identifiers without hashing, and, given `notBefore`, stops reading
    /// once nothing more can start, so that a pass with every place taken, or without a network,
    /// reads no entry at all.
    ///
    /// `deadLetters` says how many of `entries` are dead letters, when known: with none, the plan
    /// does not read the entries for the groups they hold. `notBefore` is a date no entry waiting
    /// expires or is due before (`OutboxState.earliestDate`): when it is later than `now`, nothing
    /// expires now and no later entry makes the wake earlier than it; `nil` to read every entry.
    init(
        entries: [Entry], deadLetters: Int? = nil, claimed: Set<UUID>, answered: Set<UUID> = [],
        expedited: Set<UUID> = [], now: Date, capacity: Int, networkAvailable: Bool, notBefore: Date? = nil
    ) {
        let inFlight = answered.isEmpty ? claimed.count : claimed.count { !answered.contains($0) }
        var free = max(0, capacity - inFlight)
        let mayStop = notBefore.map { $0 > now } ?? false
        if mayStop, free == 0 || !networkAvailable {
            wake(notBefore: notBefore)
            return
        }
        var held: Set<Entry.Group> = []
        for index in entries.indices where deadLetters != 0 && entries[index].isDeadLetter {
            if let group = entries[index].group { held.insert(group) }
        }
        let claimed = FewIDs(claimed)
        let expedited = FewIDs(expedited)
        var earliest = Date.distantFuture
        for index in entries.indices where !entries[index].isDeadLetter {
            if mayStop, free == 0 {
                wake(notBefore: notBefore)
                return
            }
            let id = entries[index].id
            if let date = entries[index].expiresAt { earliest = min(earliest, date) }
            if let date = entries[index].nextAttemptAt { earliest = min(earliest, date) }
            let isClaimed = claimed.contains(id)
            if let expiresAt = entries[index].expiresAt, !isClaimed {
                guard expiresAt > now else {
                    expired.append(entries[index])
                    if let group = entries[index].group { held.insert(group) }
                    continue
                }
                wake(at: expiresAt)
            }
            if let group = entries[index].group {
                // The first entry of its group; those after it wait for it.
                guard held.insert(group).inserted else { continue }
            }
            guard !isClaimed, networkAvailable else { continue }
            let due = expedited.contains(id) ? now : entries[index].nextAttemptAt ?? now
            if due > now {
                wake(at: due)
            } else if free > 0 {
                start.append(entries[index])
                free -= 1
            }
        }
        earliestDate = earliest
    }

    /// Wakes at `notBefore` at the latest, when it is a date.
    private mutating func wake(notBefore: Date?) {
        if let notBefore, notBefore != .distantFuture { wake(at: notBefore) }
    }

    private mutating func wake(at date: Date) {
        nextWake = min(nextWake ?? date, date)
    }
}

/// A set of identifiers looked up once per entry: as a short list when it is short (comparing
/// 16 bytes is cheaper than hashing them), as the set otherwise.
private struct FewIDs {
    let list: [UUID]?
    let set: Set<UUID>

    init(_ set: Set<UUID>) {
        self.set = set
        list = set.count <= 16 ? Array(set) : nil
    }

    func contains(_ id: UUID) -> Bool {
        guard let list else { return set.contains(id) }
        for member in list where member == id { return true }
        return false
    }
}

/// What the delivery plan reads of an entry.
protocol Plannable: Equatable {
    associatedtype Group: Hashable
    var id: UUID { get }
    var group: Group? { get }
    var isDeadLetter: Bool { get }
    var expiresAt: Date? { get }
    var nextAttemptAt: Date? { get }
}

extension StoredEntry: Plannable {
    var isDeadLetter: Bool { deadLetter != nil }
}
