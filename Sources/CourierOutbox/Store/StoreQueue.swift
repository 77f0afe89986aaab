import Dispatch
import Foundation

/// Runs every use of an ``OutboxStore`` on a serial queue of its own, off Swift's cooperative
/// pool: a flush waits for the disk, which may take long, and on Linux the pool has one thread per
/// core and adds none while they wait.
///
/// It also holds which entries are being delivered, so that claiming an entry for delivery and
/// recording its outcome are ordered with every other change: an entry is never claimed twice.
final class StoreQueue: @unchecked Sendable {
    // @unchecked Sendable: `store`, `claimed`, `expedited` and `isClosed` are only touched by blocks running on
    // `queue`, which is serial.
    private let queue = DispatchQueue(label: "CourierOutbox.store")
    private let store: OutboxStore
    private var claimed: Set<UUID> = []
    private var expedited: Set<UUID> = []
    private var isClosed = false
    /// What opening the store found.
    let recovery: RecoveryFindings
    /// The store's folder.
    let directory: String

    /// What a block sees: the store, the entries being delivered, and those the network's return
    /// made due at once (kept in memory only: after a restart every entry is tried when due).
    struct Access {
        let store: OutboxStore
        var claimed: Set<UUID>
        var expedited: Set<UUID>

        var counts: OutboxCounts {
            let entries = store.state.entries.values
            let dead = entries.count { $0.deadLetter != nil }
            return OutboxCounts(pending: entries.count - dead, deadLetters: dead)
        }
    }

    /// The URL of a file body's copy in the store.
    func bodyURL(named name: String) -> URL {
        URL(fileURLWithPath: directory + "/bodies/" + name)
    }

    init(_ store: OutboxStore) {
        self.store = store
        self.recovery = store.recovery
        self.directory = store.directory
    }

    /// Runs `body` on the queue, with the store and the claimed entries.
    ///
    /// - Throws: ``StoreError`` of kind `closed` once the store is closed, or what `body` throws.
    func run<Value: Sendable>(
        _ body: @escaping @Sendable (inout Access) throws(StoreError) -> Value
    ) async throws(StoreError) -> Value {
        let result = await withCheckedContinuation { (done: CheckedContinuation<Result<Value, StoreError>, Never>) in
            queue.async {
                done.resume(returning: self.runNow(body))
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

    /// Closes the store once the changes queued before have run.
    func close() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async {
                if !self.isClosed { self.store.close() }
                self.isClosed = true
                done.resume()
            }
        }
    }
}
