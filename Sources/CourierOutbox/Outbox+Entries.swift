public import CourierCore
public import Foundation

extension Outbox {
    /// Stores a call to deliver, durably, and starts delivering it.
    ///
    /// When this returns, the entry is on disk: a crash of the app or of the system loses
    /// nothing. What is stored is the request as it is built before the client's header fields
    /// and interceptors — method, path, query, the request's own header fields, the body encoded
    /// with the client's encoder (a file body copied into the outbox's folder) — so that it can
    /// be sent after a restart, when the request value is gone, with credentials the
    /// interceptors add afresh. The request's own header fields are stored as they are: a
    /// credential the request sets itself is stored too (see <doc:WorkingOffline>).
    /// `RequestOptions` are not stored: the entry is sent with the defaults.
    ///
    /// The entry's `Idempotency-Key` is the request's own, if it sets one, or a new UUID (sent as
    /// a structured-field string, `"…"`, as the draft has it), and goes with every attempt.
    ///
    /// - Parameters:
    ///   - request: A request; mutating, typically (`POST`, `PATCH`, `PUT`, `DELETE`).
    ///   - kind: What the call is, in the app's words (`"note.save"`): how the app knows the
    ///     outcome of an entry an earlier process enqueued, and decodes its response
    ///     (``OutboxDecoders``).
    ///   - group: A group the entry is delivered in order with: an entry of a group is sent only
    ///     once those enqueued before it in the group are delivered or discarded. `nil` (the
    ///     default) for none: the entry waits for nothing.
    ///   - rules: The entry's delivery rules; `nil` for the outbox's.
    /// - Returns: The entry.
    /// - Throws: `APIError`: `invalidRequest` or `encoding` when the request cannot be built
    ///   (nothing is stored); `storage` when it cannot be stored (its underlying ``OutboxError``
    ///   says why).
    @discardableResult
    public func enqueue<Request: APIRequest>(
        _ request: Request, kind: String, group: String? = nil, rules: DeliveryRules? = nil
    ) async throws(APIError) -> OutboxEntry {
        let core = core
        let parts = try core.client.parts(of: request)
        var headers = parts.headerFields
        let key = headers[OutboxCore.idempotencyKey] ?? "\"\(UUID().uuidString.lowercased())\""
        headers[OutboxCore.idempotencyKey] = nil
        var body: StoredEntry.Body?
        var file: URL?
        if let outgoing = parts.body {
            if let data = outgoing.data {
                body = .data(data)
            } else if let url = outgoing.fileURL {
                file = url
            } else {
                throw APIError(.invalidRequest, "A body streamed from an async sequence cannot be stored.")
            }
        }
        let rules = rules ?? core.configuration.rules
        let now = core.clock.now()
        let entry = StoredEntry(
            id: UUID(), sequence: 0, kind: kind, group: group, idempotencyKey: key, name: parts.name,
            method: parts.method.rawValue, target: parts.target,
            headers: headers.map { StoredEntry.Header(name: $0.name.rawName, value: $0.value) },
            baseURL: parts.baseURL?.absoluteString, timeout: parts.timeout,
            acceptableStatusCodes: parts.acceptableStatusCodes, body: body, enqueuedAt: now,
            expiry: rules.expiry, expiresAt: rules.expiry.map { now + $0 }, retry: rules.retry, attempts: 0,
            nextAttemptAt: nil, lastFailure: nil, deadLetter: nil)
        let stored: StoredEntry
        let source = file
        do {
            (stored, _) = try await core.change { access throws(StoreError) in
                try access.store.add(entry, copying: source)
            } announcing: { stored, counts in
                [OutboxEvent(.pending, entry: OutboxEntry(stored), counts: counts)]
            }
        } catch {
            throw error.apiError
        }
        core.pump.wake()
        return OutboxEntry(stored)
    }

    /// The entries waiting for delivery (those being delivered among them), in the order they
    /// were enqueued.
    public var entries: [OutboxEntry] {
        get async throws(APIError) {
            try await read { $0.pending.map(OutboxEntry.init) }
        }
    }

    /// The dead letters, in the order they were enqueued.
    public var deadLetters: [OutboxEntry] {
        get async throws(APIError) {
            try await read { $0.deadLetters.map(OutboxEntry.init) }
        }
    }

    /// How many entries wait for delivery.
    public var count: Int {
        get async throws(APIError) {
            try await read { $0.entries.values.count { $0.deadLetter == nil } }
        }
    }

    /// Puts a dead letter back to be delivered, from its first attempt, with its expiry counted
    /// from now; the entries of its group it held go on after it.
    ///
    /// - Parameter id: The dead letter's identifier.
    /// - Returns: The entry, pending again.
    /// - Throws: `APIError` (``OutboxError/Kind/notFound`` when no dead letter has that
    ///   identifier).
    @discardableResult
    public func retry(_ id: OutboxEntry.ID) async throws(APIError) -> OutboxEntry {
        let core = core
        let now = core.clock.now()
        let entry: StoredEntry
        do {
            (entry, _) = try await core.change { access throws(StoreError) in
                guard access.store.state.entries[id]?.deadLetter != nil else {
                    throw StoreError(.notFound, "No dead letter has the identifier \(id).")
                }
                try access.store.record(.revived(id, at: now))
                guard let entry = access.store.state.entries[id] else { throw StoreError(.notFound, "\(id) is gone.") }
                return entry
            } announcing: { entry, counts in
                [OutboxEvent(.pending, entry: OutboxEntry(entry), counts: counts)]
            }
        } catch {
            throw error.apiError
        }
        core.pump.wake()
        return OutboxEntry(entry)
    }

    /// Removes a dead letter for good; the entries of its group it held go on without it.
    ///
    /// - Parameter id: The dead letter's identifier.
    /// - Throws: `APIError` (``OutboxError/Kind/notFound`` when no dead letter has that
    ///   identifier).
    public func discard(_ id: OutboxEntry.ID) async throws(APIError) {
        let core = core
        do {
            _ = try await core.change { access throws(StoreError) in
                guard let entry = access.store.state.entries[id], entry.deadLetter != nil else {
                    throw StoreError(.notFound, "No dead letter has the identifier \(id).")
                }
                try access.store.record(.discarded(id))
                return entry
            } announcing: { entry, counts in
                [OutboxEvent(.discarded, entry: OutboxEntry(entry), counts: counts)]
            }
        } catch {
            throw error.apiError
        }
        core.pump.wake()
    }

    /// The outbox's changes: a ``OutboxEvent/Kind/snapshot`` of the counts, then every change
    /// from now on.
    ///
    /// The outbox starts delivering as it opens, before the app can call this: the first sequence
    /// made starts with what happened since the opening (up to 1,000 events; an entry an earlier
    /// process left may be delivered at once), then its snapshot. Make it where the app learns
    /// outcomes, soon after opening.
    ///
    /// A change's event is in every sequence before the change can be read: once ``count`` says
    /// an entry left, its `delivered` event is in each sequence already made, and in the backlog
    /// of the first one made after; a snapshot is never ahead of the events before it.
    ///
    /// Each call makes a sequence of its own, which buffers what its reader has not read yet; it
    /// ends when the outbox closes, or when its task is cancelled.
    ///
    /// - Returns: The events.
    public func events() -> AsyncStream<OutboxEvent> {
        core.events.subscribe()
    }

    /// Tells the outbox that the network went or came back: while it is gone nothing is tried,
    /// and when it returns, the entries whose last attempt found no network are tried at once.
    ///
    /// On Apple platforms the outbox follows the system's network path itself (unless
    /// ``Configuration/monitorsNetwork`` is off); elsewhere the app says it, from whatever tells
    /// it so.
    ///
    /// - Parameter isAvailable: Whether the network is there.
    public func networkDidChange(isAvailable: Bool) {
        core.networkChanged(isAvailable: isAvailable)
    }

    private func read<Value: Sendable>(
        _ body: @escaping @Sendable (OutboxState) -> Value
    ) async throws(APIError) -> Value {
        do {
            return try await core.store.run { access throws(StoreError) in body(access.store.state) }
        } catch {
            throw error.apiError
        }
    }
}
