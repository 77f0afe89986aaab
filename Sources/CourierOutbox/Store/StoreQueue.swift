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
/// It also holds which entries are being delivered, so that claiming an entry for delivery and
/// recording its outcome are ordered with every other change: an entry is never claimed twice.
final class StoreQueue: @unchecked Sendable {
    // @unchecked Sendable: `store`, `claimed`, `expedited` and `isClosed` are only touched by the
    // writer (`drain()`, on `writer`, which is serial); `queued` is behind its lock.
    private let writer = DispatchQueue(label: "CourierOutbox.store")
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
        var changes: [(change: Change, ahead: Bool)] = []
        var draining = false
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

    init(_ store: OutboxStore) {
        store.groupsCommits = true
        self.store = store
        self.recovery = store.recovery
        self.directory = store.directory
    }

    /// How many changes wait for the writer (for tests).
    var waitingChanges: Int { queued.withLock { $0.changes.count } }

    /// Runs `body` on the writer, with the store and the claimed entries; once the group it is
    /// made in is flushed (or at once, when it recorded nothing and nothing before it in its
    /// group did), runs `acknowledge` with its value (still on the writer, in the order of the
    /// acknowledgements) and returns the value.
    ///
    /// - Parameters:
    ///   - ahead: Whether the change runs before the others of its group (that came with it,
    ///     while a flush ran), so that, recording nothing, it is acknowledged at once.
    ///   - body: The change.
    ///   - acknowledge: What acknowledges it (publishes its events).
    /// - Returns: What `body` returned.
    /// - Throws: ``StoreError`` of kind `closed` once the store is closed, what `body` throws, or
    ///   the flush's failure (the change is then undone, with every other of its group).
    func run<Value: Sendable>(
        ahead: Bool = false, _ body: @escaping @Sendable (inout Access) throws(StoreError) -> Value,
        acknowledging acknowledge: @escaping @Sendable (Value) -> Void = { _ in }
    ) async throws(StoreError) -> Value {
        let result = await withCheckedContinuation { (done: CheckedContinuation<Result<Value, StoreError>, Never>) in
            post(ahead: ahead, body) { result in
                if case .success(let value) = result { acknowledge(value) }
                done.resume(returning: result)
            }
        }
        return try result.get()
    }

    /// Like ``run(ahead:_:acknowledging:)``, without waiting: `acknowledge` gets what `body`
    /// returned, or what it threw, or the flush's failure, on the writer, once the change's group
    /// is flushed (or at once, when it recorded nothing and nothing before it in its group did).
    func post<Value: Sendable>(
        ahead: Bool = false, _ body: @escaping @Sendable (inout Access) throws(StoreError) -> Value,
        acknowledging acknowledge: @escaping @Sendable (Result<Value, StoreError>) -> Void
    ) {
        submit(ahead: ahead) {
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
            submit(ahead: false) {
                self.isClosed = true
                // After the store is closed: another outbox may then open it.
                return ({ _ in done.resume() }, false)
            }
        }
    }

    /// Queues a change, and sets the writer to work unless it is at work already.
    private func submit(ahead: Bool, _ change: @escaping Change) {
        let starts = queued.withLock { queued in
            queued.changes.append((change, ahead))
            defer { queued.draining = true }
            return !queued.draining
        }
        if starts { writer.async { self.drain() } }
    }

    /// The writer: takes every change queued, makes them (those `ahead` first), flushes them
    /// with one `fsync`, then acknowledges them in order; again until none is queued. A change
    /// made while nothing of its group is recorded, and recording nothing, is acknowledged at once.
    private func drain() {
        while true {
            let changes = queued.withLock { queued in
                defer { queued.changes = [] }
                if queued.changes.isEmpty { queued.draining = false }
                return queued.changes
            }
            guard !changes.isEmpty else { return }
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
}
