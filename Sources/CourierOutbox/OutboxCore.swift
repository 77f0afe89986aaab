import CourierCore
import Foundation

/// What an ``Outbox`` is made of: its store, its client, its time, its events and its delivery
/// loop. The loop holds it, not the `Outbox`, so that an outbox the app lets go of stops.
final class OutboxCore: Sendable {
    let store: StoreQueue
    let client: APIClient
    let configuration: Outbox.Configuration
    let clock: DeliveryClock
    let events: EventHub
    let pump = Pump()
    let random: @Sendable () -> Double
    /// Whether the network is there, as the app or the system last said.
    let networkAvailable = Locked(true)
    /// The claimed entries whose attempt got its answer (or failed) and whose outcome is being
    /// recorded: they hold their entry, not a place among the concurrent deliveries, so that the
    /// next entry is sent while the outcome is flushed.
    let answered = Locked<Set<UUID>>([])
    /// The lock on the store, and the system's network monitor; released and stopped at close.
    private let holds: Locked<(lock: DirectoryLock?, monitor: NetworkMonitor?)>

    init(
        store: StoreQueue, lock: DirectoryLock, client: APIClient, configuration: Outbox.Configuration,
        counts: OutboxCounts, random: @escaping @Sendable () -> Double
    ) {
        self.store = store
        self.client = client
        self.configuration = configuration
        self.clock = DeliveryClock(client.callClock)
        self.random = random
        self.events = EventHub(counts: counts)
        self.holds = Locked((lock, nil))
    }

    var log: CallLog { client.configuration.log }

    /// Starts delivering: what is due now (an earlier process's entries among them), then
    /// whatever becomes due.
    func start() {
        pump.start { [self] in postPass() }
        if configuration.monitorsNetwork,
            let monitor = NetworkMonitor.start(onChange: { [weak self] available in
                self?.networkChanged(isAvailable: available)
            })
        {
            holds.withLock { $0.monitor = monitor }
        }
    }

    /// Records a change on the store's writer and returns its result with the counts after it.
    ///
    /// The counts after it, and the events `announce` makes of its result, are published by the
    /// writer once the change is flushed, before anything after it is acknowledged (see
    /// ``EventHub``): whoever reads the store after it finds them.
    ///
    /// A delivery's outcome `waits` for those of the other deliveries under way, to share their
    /// flush (``StoreQueue/commitDelay`` at most).
    func change<Value: Sendable>(
        ahead: Bool = false, waits: Bool = false,
        _ body: @escaping @Sendable (inout StoreQueue.Access) throws(StoreError) -> Value,
        announcing announce: @escaping @Sendable (Value, OutboxCounts) -> [OutboxEvent] = { _, _ in [] }
    ) async throws(StoreError) -> (Value, OutboxCounts) {
        let events = events
        return try await store.run(ahead: ahead, waits: waits) { access throws(StoreError) in
            (try body(&access), access.counts)
        } acknowledging: { value, counts in
            events.publish(counts: counts, announce(value, counts))
        }
    }

    /// Publishes an event that changes no count.
    func emit(_ kind: OutboxEvent.Kind, _ entry: StoredEntry) {
        let entry = OutboxEntry(entry)
        events.emit { OutboxEvent(kind, entry: entry, counts: $0) }
    }

    /// One pass of the delivery loop, posted to the store's writer: sets aside what expired,
    /// starts what is due, and sets the timer for what waits.
    ///
    /// It runs ahead of the changes that came with it: recording nothing, it is acknowledged without
    /// waiting for their flush, and what it starts is sent while they are flushed. What it sets
    /// aside is announced, and what it starts is started, once that is flushed.
    func postPass() {
        let capacity = max(1, configuration.maximumConcurrentDeliveries)
        let events = events
        store.post(ahead: true) { [self] access throws(StoreError) in
            pump.passBegins()
            let now = clock.now()
            let plan = DeliveryPlan(
                entries: access.store.state.summaries, deadLetters: access.store.state.deadLetterCount,
                claimed: access.claimed, answered: answered.withLock { $0 }, expedited: access.expedited, now: now,
                capacity: capacity, networkAvailable: networkAvailable.withLock { $0 },
                notBefore: access.store.state.earliestDate)
            if let earliest = plan.earliestDate { access.store.settle(earliestDate: earliest) }
            var expired: [StoredEntry] = []
            for summary in plan.expired {
                guard let entry = access.store.state.entries[summary.id] else { continue }
                let letter = StoredEntry.DeadLetter(
                    reason: DeadLetter.Reason.expired.stored, failure: entry.lastFailure, responseBody: nil, date: now)
                try access.store.record(.deadLettered(entry.id, attempts: entry.attempts, letter))
                if let entry = access.store.state.entries[entry.id] { expired.append(entry) }
            }
            var start: [StoredEntry] = []
            for summary in plan.start {
                guard let entry = access.store.state.entries[summary.id] else { continue }
                access.claimed.insert(entry.id)
                access.expedited.remove(entry.id)
                start.append(entry)
            }
            return (start: start, expired: expired, wake: plan.nextWake, counts: access.counts)
        } acknowledging: { [self] result in
            let plan: (start: [StoredEntry], expired: [StoredEntry], wake: Date?, counts: OutboxCounts)
            switch result {
            case .success(let planned): plan = planned
            case .failure(let error):
                if error.kind != .closed {
                    log.error("The outbox could not plan its deliveries: \(error.message)")
                }
                return
            }
            events.publish(
                counts: plan.counts,
                plan.expired.map { OutboxEvent(.deadLettered, entry: OutboxEntry($0), counts: plan.counts) })
            for entry in plan.expired {
                log.info("Outbox entry expired: \(OutboxEntry(entry))")
            }
            for entry in plan.start {
                pump.deliver(entry.id) { [self] in await deliver(entry) }
            }
            pump.setTimer(plan.wake, on: clock)
        }
    }

    /// Says whether the network is there; its return makes every entry whose last attempt found
    /// no network due at once.
    func networkChanged(isAvailable: Bool) {
        networkAvailable.withLock { $0 = isAvailable }
        guard isAvailable else { return }
        Task {
            _ = try? await store.run { access throws(StoreError) in
                for entry in access.store.state.pending where entry.lastFailure?.network == true {
                    access.expedited.insert(entry.id)
                }
            }
            pump.wake()
        }
    }

    /// Stops delivering, waits for the deliveries under way to end (cancelled), closes the store
    /// and releases it.
    func close() async {
        await pump.stop()
        await store.close()
        let monitor = holds.withLock { holds in
            defer { holds = (nil, nil) }
            return holds.monitor
        }
        monitor?.cancel()
        events.finish()
    }
}
