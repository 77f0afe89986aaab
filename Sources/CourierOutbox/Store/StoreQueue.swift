import Courier
import Dispatch
import Foundation

/// Runs every use of an ``OutboxStore`` on a writer of its own, off Swift's cooperative pool (a
/// flush waits for the disk, which may take long, and on Linux the pool has one thread per core
/// and adds none while they wait), and commits the changes in groups: the changes queued while
/// a flush ran are made together, one after another, then flushed with one `fsync`, and only
/// then is any of them acknowledged — its events published, its caller resumed.
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
        var changes: [Change] = []
        var draining = false
    }

    /// A change, made on the writer: it returns what acknowledges it once its group is flushed
    /// (given the flush's failure, if any).
    private typealias Change = @Sendable () -> (StoreError?) -> Void

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
    /// made in is flushed, runs `acknowledge` with its value (still on the writer, in the order
    /// of the changes) and returns the value.
    ///
    /// - Throws: ``StoreError`` of kind `closed` once the store is closed, what `body` throws, or
    ///   the flush's failure (the change is then undone, with every other of its group).
    func run<Value: Sendable>(
        _ body: @escaping @Sendable (inout Access) throws(StoreError) -> Value,
        acknowledging acknowledge: @escaping @Sendable (Value) -> Void = { _ in }
    ) async throws(StoreError) -> Value {
        let result = await withCheckedContinuation { (done: CheckedContinuation<Result<Value, StoreError>, Never>) in
            submit {
                let result = self.runNow(body)
                return { failure in
                    if let failure, case .success = result {
                        done.resume(returning: .failure(failure))
                    } else {
                        if case .success(let value) = result { acknowledge(value) }
                        done.resume(returning: result)
                    }
                }
            }
        }
        return try result.get()
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
            submit {
                self.isClosed = true
                return { _ in done.resume() }
            }
        }
    }

    /// Queues a change, and sets the writer to work unless it is at work already.
    private func submit(_ change: @escaping Change) {
        let starts = queued.withLock { queued in
            queued.changes.append(change)
            defer { queued.draining = true }
            return !queued.draining
        }
        if starts { writer.async { self.drain() } }
    }

    /// The writer: takes every change queued, makes them, flushes them with one `fsync`, then
    /// acknowledges them in order; again until none is queued.
    private func drain() {
        while true {
            let changes = queued.withLock { queued in
                defer { queued.changes = [] }
                if queued.changes.isEmpty { queued.draining = false }
                return queued.changes
            }
            guard !changes.isEmpty else { return }
            let wasClosed = isClosed
            let claims = (claimed, expedited)
            let acknowledgements = changes.map { $0() }
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
