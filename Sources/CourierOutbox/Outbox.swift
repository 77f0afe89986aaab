public import CourierCore
public import Foundation

/// Delivers a user's mutating calls once, across being offline, a crash and a restart.
///
/// An outbox keeps its entries in a folder of its own. ``enqueue(_:kind:group:rules:)`` stores
/// a request durably before it returns — a crash or a power cut after that loses nothing — and
/// the outbox then delivers it through its `APIClient`, as any call of that client: its header
/// fields, interceptors (credentials fresh at each attempt, never stored), redirects, deadline
/// and observation. Every attempt carries the entry's `Idempotency-Key`, made when it was
/// enqueued, so that a server that honours the header acts once, however many times a lost
/// response makes the outbox send it.
///
/// ```swift
/// let folder = URL.applicationSupportDirectory.appending(path: "outbox")
/// var configuration = Outbox.Configuration()
/// configuration.decoders.register(SavedNote.self, forKind: "note.save")
/// let outbox = try await Outbox(directory: folder, client: client, configuration: configuration)
///
/// try await outbox.enqueue(SaveNoteRequest(note: note), kind: "note.save", group: "note-\(note.id)")
///
/// for await event in outbox.events() where event.kind == .delivered {
///     print(event.delivery?.value(as: SavedNote.self) as Any)
/// }
/// ```
///
/// It tries an entry when it is enqueued, when the network returns, when a waiting entry's next
/// attempt is due, and when it opens (what an earlier process left). The rules
/// (``DeliveryRules``) say what happens after a failure; an entry the server refuses, or that
/// runs out of attempts or time, becomes a dead letter the app can inspect, retry or discard.
/// Only one outbox may have a folder open at a time, in any process: a second is refused
/// (`OutboxError.Kind.alreadyOpen`).
///
/// See <doc:WorkingOffline> for what survives what.
public final class Outbox: Sendable {
    /// The folder the outbox keeps its entries in.
    public let directory: URL

    /// What opening the store found: an unfinished record a crash left, or damage, and what was
    /// done about it.
    public let recovery: OutboxRecovery

    let core: OutboxCore

    /// Opens the outbox kept in `directory` (creating it if there is none) and starts delivering
    /// what it holds.
    ///
    /// - Parameters:
    ///   - directory: A folder for the outbox alone; created if missing.
    ///   - client: The client that delivers the entries. Its base URL is the one entries whose
    ///     request has none of its own are sent to, and its clock keeps the outbox's time.
    ///   - configuration: The default rules, the decoders of responses, and more.
    /// - Throws: `APIError` of kind `storage`, with an ``OutboxError`` as its underlying error:
    ///   ``OutboxError/Kind/alreadyOpen`` when another outbox has the folder open,
    ///   ``OutboxError/Kind/damaged`` or ``OutboxError/Kind/unsupportedFormat`` for a journal it
    ///   cannot read (left as it is), ``OutboxError/Kind/io`` when the folder cannot be used.
    public convenience init(
        directory: URL, client: APIClient, configuration: Configuration = Configuration()
    ) async throws(APIError) {
        try await self.init(
            directory: directory, client: client, configuration: configuration, fileSystem: SystemFileSystem(),
            random: { Double.random(in: 0..<1) })
    }

    /// Opens an outbox with the file system and the randomness (for back-off jitter) given: for
    /// tests.
    package init(
        directory: URL, client: APIClient, configuration: Configuration, fileSystem: any StoreFileSystem,
        durability: StoreDurability = .full, random: @escaping @Sendable () -> Double
    ) async throws(APIError) {
        let path = directory.standardizedFileURL.path
        let opened = await Self.blocking { () throws(StoreError) -> (StoreQueue, DirectoryLock) in
            try StoreError.io("create its folder \(path)") { try fileSystem.createDirectory(path) }
            let lock = try DirectoryLock(path: path + "/lock")
            let store = try OutboxStore(directory: path, fileSystem: fileSystem, durability: durability)
            return (StoreQueue(store), lock)
        }
        let (store, lock): (StoreQueue, DirectoryLock)
        do {
            (store, lock) = try opened.get()
        } catch {
            throw error.apiError
        }
        self.directory = directory
        self.recovery = OutboxRecovery(store.recovery)
        let counts: OutboxCounts
        do {
            counts = try await store.run { access throws(StoreError) in access.counts }
        } catch {
            throw error.apiError
        }
        core = OutboxCore(
            store: store, lock: lock, client: client, configuration: configuration, counts: counts, random: random)
        if !recovery.isClean || recovery.tornTailBytes > 0 {
            client.configuration.log.warning("The outbox at \(path) recovered its store: \(recovery)")
        }
        core.start()
    }

    deinit {
        let core = core
        Task { await core.close() }
    }

    /// Stops delivering, cancels the deliveries under way (their entries stay, and are sent
    /// again, with their keys, when the outbox is next opened), and releases the folder for
    /// another outbox. Calls after it fail with ``OutboxError/Kind/closed``.
    public func close() async {
        await core.close()
    }

    /// Runs a blocking operation on a thread of its own, off Swift's cooperative pool.
    private static func blocking<Value: Sendable>(
        _ operation: @escaping @Sendable () throws(StoreError) -> Value
    ) async -> Result<Value, StoreError> {
        await withCheckedContinuation { (done: CheckedContinuation<Result<Value, StoreError>, Never>) in
            DispatchQueue(label: "CourierOutbox.open").async {
                do throws(StoreError) {
                    done.resume(returning: .success(try operation()))
                } catch {
                    done.resume(returning: .failure(error))
                }
            }
        }
    }
}

extension Outbox {
    /// How an outbox delivers, unless an entry says otherwise.
    public struct Configuration: Sendable {
        /// The rules entries are delivered by, unless `enqueue` is given others.
        public var rules = DeliveryRules()

        /// How the responses of each kind of entry are decoded for the events.
        public var decoders = OutboxDecoders()

        /// The most deliveries under way at once, across groups (a group's entries go one at a
        /// time): requests sent whose answer has not come; a delivery whose answer came while its
        /// outcome is being recorded no longer counts. Defaults to 4.
        public var maximumConcurrentDeliveries = 4

        /// Whether the outbox follows the system's network path (`NWPathMonitor`, on Apple
        /// platforms): it tries nothing while there is no network, and tries at once what failed
        /// for lack of one when it returns. Elsewhere, the app says so with
        /// ``Outbox/networkDidChange(isAvailable:)``. Defaults to `true`.
        public var monitorsNetwork = true

        /// The default configuration.
        public init() {}
    }
}
