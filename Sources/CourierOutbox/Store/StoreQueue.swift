import CourierCore
import Dispatch
import Foundation

/// Runs every use of an ``OutboxStore`` on a writer of its own, off Swift's cooperative pool (a
/// flush waits for the disk, which may take long, and on Linux the pool has one thread per core
/// and adds none while they wait), and commits the changes in groups: the changes queued while
/// a flush ran are made together, one after another, then flushed with one `fsync`, and only
/// then is any of them acknowledged — its events published, its caller resumed. A change that
/// records nothing and runs before anything of its group is recorded has seen only what is
/// flushed: it is acknowledged at once, without waiting for its group's flush; the delivery loop's
/// passes run first in their group for that.
///
/// A delivery's outcome may wait a moment (``commitDelay`` at most) for the outcomes of the other
/// deliveries under way, so that they share a flush, as a database's commit delay does: it is
/// not made until then, so the passes that come meanwhile still run ahead of it, seeing only
/// what is flushed. Nothing waits for an outcome's flush to send the next entry (its place is
/// given up as its answer comes), so waiting costs no throughput, and fewer flushes cost less.
///
/// It also holds which entries are being delivered, so that claiming an entry for delivery and
/// recording its outcome are ordered with every other change: an entry is never claimed twice.
final class StoreQueue: @unchecked Sendable {
    // @unchecked Sendable: `store`, `claimed`, `expedited` and `isClosed` are only touched by the
    // writer (`drain()`, on `writer`, which is serial); `queued` is behind its lock.
    private let writer = DispatchQueue(label: "CourierOutbox.store")
    /// Signalled when a change arrives while the writer holds outcomes back for their companions.
    private let arrival = DispatchSemaphore(value: 0)
    /// The longest an outcome waits for those of the other deliveries under way: 2 ms, unless
    /// a test says otherwise. (`bash Benchmarks/outbox.sh`: 0.5 ms shared too few flushes, 4 ms
    /// no more than 2 ms.)
    let commitDelay: DispatchTimeInterval
    private let store: OutboxStore
    private var claimed: Set<UUID> = []
    private var expedited: Set<UUID> = []
    private var isClosed = false
    private let queued = Locked(Queued())
    /// What opening the store found.
    let recovery: RecoveryFindings
    /// The store's folder.
    let directory: String

    /// The changes waiting for the writer, and whether it is at work.
    private struct Queued {
        var changes: [Queue] = []
        var draining = false
        /// Whether the writer waits for `arrival`.
        var awaited = false
        /// The outcomes the writer holds back (for tests).
        var held = 0
    }

    /// A change queued: whether it runs ahead of its group, and whether it may wait for
    /// companions (a delivery's outcome).
    private struct Queue {
        var change: Change
        var ahead: Bool
        var waits: Bool
    }

    /// A change, made on the writer: it returns what acknowledges it once its group is flushed
    /// (given the flush's failure, if any), and whether that may be done before the flush.
    private typealias Change = @Sendable () -> (acknowledge: (StoreError?) -> Void, mayBeEarly: Bool)

    /// What a block sees: the store, the entries being delivered, and those the network's return
    /// made due at once (kept in memory only: after a restart every entry is tried when due).
    struct Access {
        let store: OutboxStore
        var claimed: Set<UUID>
        var expedited: Set<UUID>

        var counts: OutboxCounts {
            OutboxCounts(pending: store.state.pendingCount, deadLetters: store.state.deadLetterCount)
        }
    }

    /// The URL of a file body's copy in the store.
    func bodyURL(named name: String) -> URL {
        URL(fileURLWithPath: directory + "/bodies/" + name)
    }

    init(_ store: OutboxStore, commitDelay: DispatchTimeInterval = .milliseconds(2)) {
        store.groupsCommits = true
        self.commitDelay = commitDelay
        self.store = store
        self.recovery = store.recovery
        self.directory = store.directory
    }

    /// How many changes wait for the writer (for tests).
    var waitingChanges: Int { queued.withLock { $0.changes.count } }

    /// How many outcomes the writer holds back for their companions (for tests).
    var heldChanges: Int { queued.withLock { $0.held } }

    /// Runs `body` on the writer, with the store and the claimed entries; once the group it is
    /// made in is flushed (or at once, when it recorded nothing and nothing before it in its
    /// group did), runs `acknowledge` with its value (still on the writer, in the order of the
    /// acknowledgements) and returns the value.
    ///
    /// - Parameters:
    ///   - ahead: Whether the change runs before the others of its group (that came with it,
    ///     while a flush ran), so that, recording nothing, it is acknowledged at once.
    ///   - waits: Whether it is a delivery's outcome, which may wait (``commitDelay`` at most,
    ///     not made meanwhile) for the outcomes of the other deliveries under way, to share their
    ///     flush.
    ///   - body: The change.
    ///   - acknowledge: What acknowledges it (publishes its events).
    /// - Returns: What `body` returned.
    /// - Throws: ``StoreError`` of kind `closed` once the store is closed, what `body` throws, or
    ///   the flush's failure (the change is then undone, with every other of its group).
    func run<Value: Sendable>(
        ahead: Bool = false, waits: Bool = false,
        _ body: @escaping @Sendable (inout Access) throws(StoreError) -> Value,
        acknowledging acknowledge: @escaping @Sendable (Value) -> Void = { _ in }
    ) async throws(StoreError) -> Value {
        let result = await withCheckedContinuation { (done: CheckedContinuation<Result<Value, StoreError>, Never>) in
            post(ahead: ahead, waits: waits, body) { result in
                if case .success(let value) = result { acknowledge(value) }
                done.resume(returning: result)
            }
        }
        return try result.get()
    }

    /// Like ``run(ahead:waits:_:acknowledging:)``, without waiting: `acknowledge` gets what `body`
    /// returned, or what it threw, or the flush's failure, on the writer, once the change's group
    /// is flushed (or at once, when it recorded nothing and nothing before it in its group did).
    func post<Value: Sendable>(
        ahead: Bool = false, waits: Bool = false,
        _ body: @escaping @Sendable (inout Access) throws(StoreError) -> Value,
        acknowledging acknowledge: @escaping @Sendable (Result<Value, StoreError>) -> Void
    ) {
        submit(ahead: ahead, waits: waits) {
            let result = self.runNow(body)
            let acknowledgement = { (failure: StoreError?) in
                if let failure, case .success = result {
                    acknowledge(.failure(failure))
                } else {
                    acknowledge(result)
                }
            }
            return (acknowledgement, true)
        }
    }

    private func runNow<Value>(
        _ body: (inout Access) throws(StoreError) -> Value
    ) -> Result<Value, StoreError> {
        guard !isClosed else { return .failure(StoreError(.closed, "The outbox is closed.")) }
        var access = Access(store: store, claimed: claimed, expedited: expedited)
        defer { (claimed, expedited) = (access.claimed, access.expedited) }
        do {
            return .success(try body(&access))
        } catch {
            return .failure(error)
        }
    }

    /// Closes the store once the changes queued before it are made and flushed.
    func close() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            submit(ahead: false, waits: false) {
                self.isClosed = true
                // After the store is closed: another outbox may then open it.
                return ({ _ in done.resume() }, false)
            }
        }
    }

    /// Queues a change, and sets the writer to work unless it is at work already (or wakes it
    /// where it holds outcomes back).
    private func submit(ahead: Bool, waits: Bool, _ change: @escaping Change) {
        let (starts, wakes) = queued.withLock { queued in
            queued.changes.append(Queue(change: change, ahead: ahead, waits: waits))
            defer {
                queued.draining = true
                queued.awaited = false
            }
            return (!queued.draining, queued.awaited)
        }
        if starts { writer.async { self.drain() } }
        if wakes { arrival.signal() }
    }

    /// The writer: takes every change queued and makes them (those `ahead` first), flushes them
    /// with one `fsync`, then acknowledges them in order; again until none is queued. A change
    /// made while nothing of its group is recorded, and recording nothing, is acknowledged at once.
    ///
    /// Outcomes are held back, not made, while other deliveries are under way, until ``commitDelay``
    /// has passed since the first of them came, or a change that does not wait comes, or every
    /// delivery under way has its outcome held: the changes ahead that come meanwhile are made in
    /// groups of their own, first.
    private func drain() {
        var held: [Queue] = []
        var holdsUntil = DispatchTime.distantFuture
        while true {
            let changes = take(waitingUntil: held.isEmpty ? nil : holdsUntil, holding: held.count)
            if changes.isEmpty, held.isEmpty { return }
            let ahead = changes.filter(\.ahead)
            if !ahead.isEmpty { make(ahead) }
            if held.isEmpty { holdsUntil = .now() + commitDelay }
            held += changes.filter { !$0.ahead }
            guard !held.isEmpty else { continue }
            let holds =
                held.allSatisfy(\.waits) && !isClosed && claimed.count > held.count && DispatchTime.now() < holdsUntil
            if holds { continue }
            make(held)
            held = []
        }
    }

    /// Takes the changes queued. With `deadline`, when none is, waits for one until then (and
    /// returns what came, maybe nothing); without it, when none is, says the writer is idle.
    /// `holding` says how many outcomes the writer holds back meanwhile.
    private func take(waitingUntil deadline: DispatchTime?, holding: Int) -> [Queue] {
        let taken = queued.withLock { queued in
            defer { queued.changes = [] }
            queued.held = holding
            if queued.changes.isEmpty {
                if deadline == nil { queued.draining = false } else { queued.awaited = true }
            }
            return queued.changes
        }
        guard taken.isEmpty, let deadline else { return taken }
        _ = arrival.wait(timeout: deadline)
        return queued.withLock { queued in
            defer {
                queued.changes = []
                queued.awaited = false
            }
            return queued.changes
        }
    }

    /// Makes a group of changes (those `ahead` first), flushes it with one `fsync`, then
    /// acknowledges them in order.
    private func make(_ changes: [Queue]) {
        let wasClosed = isClosed
        var claims = (claimed, expedited)
        var acknowledgements: [(StoreError?) -> Void] = []
        for change in changes.filter(\.ahead) + changes.filter({ !$0.ahead }) {
            let (acknowledge, mayBeEarly) = change.change()
            if mayBeEarly, acknowledgements.isEmpty, !store.hasUncommittedChanges {
                // It has seen only what is flushed, and changed nothing to flush.
                acknowledge(nil)
                claims = (claimed, expedited)
            } else {
                acknowledgements.append(acknowledge)
            }
        }
        var failure: StoreError?
        do {
            try store.commit()
        } catch {
            // Every change of the group is undone: the claims made with them too.
            (claimed, expedited) = claims
            failure = error
        }
        if isClosed, !wasClosed { store.close() }
        for acknowledge in acknowledgements { acknowledge(failure) }
    }
}
