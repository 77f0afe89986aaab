import CourierCore
import Foundation

extension OutboxCore {
    /// `Idempotency-Key`, sent with every attempt of an entry.
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!

    /// Makes one attempt to deliver a claimed entry, through the client's one call path, and
    /// records its outcome by the delivery rules (``Verdict``).
    ///
    /// The claim is given up once the outcome is recorded. When it cannot be recorded (the disk
    /// fails), the entry stays claimed: it is not tried again until the outbox is opened again,
    /// when it is sent with the same key. Its place among the concurrent deliveries is given up
    /// as the answer comes (``answered``), for the next entry to be sent while the outcome is
    /// recorded.
    ///
    /// - Returns: Whether the loop needs a pass for the outcome: not when the entry was delivered
    ///   without a group, or set aside (the pass its answer woke planned every other entry, and
    ///   its leaving makes no entry due), but when an entry of its group may go on, it waits for
    ///   another attempt, or its outcome was not recorded.
    func deliver(_ entry: StoredEntry) async -> Bool {
        let attempt = entry.attempts + 1
        emit(.delivering, entry)
        let outcome = await send(entry)
        let id = entry.id
        answered.withLock { _ = $0.insert(id) }
        pump.wake()
        defer { answered.withLock { _ = $0.remove(id) } }
        let now = clock.now()
        let verdict = Verdict.classify(outcome, entry: entry, attempt: attempt, now: now, random: random())
        // What the events carry: the call's error, or the answer the entry does not accept (made
        // only for a failure: a delivery's event carries none).
        var error: APIError? {
            switch outcome {
            case .failure(let error): error
            case .success(let (head, body)):
                APIError(.unacceptableStatus, "The server answered \(head.status).", response: head, body: body)
            }
        }
        do {
            switch verdict {
            case .delivered(let head, let body):
                let delivery = decode(head, body, kind: entry.kind)
                _ = try await change(waits: true) { access throws(StoreError) in
                    try access.store.record(.delivered(id))
                    access.claimed.remove(id)
                } announcing: { _, counts in
                    [OutboxEvent(.delivered, entry: OutboxEntry(entry), delivery: delivery, counts: counts)]
                }
                log.debug("Outbox entry delivered: \(OutboxEntry(entry))")
                return entry.group != nil
            case .retryLater(let delay, let failure) where attempt < entry.maximumAttempts:
                let next = now + delay
                _ = try await change(waits: true) { access throws(StoreError) in
                    try access.store.record(.failed(id, attempts: attempt, nextAttemptAt: next, failure: failure))
                    access.claimed.remove(id)
                    return access.store.state.entries[id]
                } announcing: { stored, counts in
                    [OutboxEvent(.failed, entry: OutboxEntry(stored ?? entry), error: error, counts: counts)]
                }
                log.debug("Outbox entry failed, next attempt in \(delay): \(OutboxEntry(entry))")
            case .retryLater(_, let failure):
                try await setAside(entry, .attemptsExhausted, failure, body: nil, attempts: attempt, error: error)
                return false
            case .rejected(let failure, let body):
                try await setAside(entry, .rejected, failure, body: body, attempts: attempt, error: error)
                return false
            case .abandoned:
                _ = try await change { access throws(StoreError) in access.claimed.remove(id) }
            }
        } catch {
            if error.kind != .closed {
                log.error("The outbox could not record an attempt's outcome: \(error.message)")
            }
        }
        return true
    }

    private func setAside(
        _ entry: StoredEntry, _ reason: DeadLetter.Reason, _ failure: StoredEntry.Failure, body: Data?,
        attempts: Int, error: APIError?
    ) async throws(StoreError) {
        let letter = StoredEntry.DeadLetter(
            reason: reason.stored, failure: failure, responseBody: body, date: clock.now())
        let id = entry.id
        _ = try await change(waits: true) { access throws(StoreError) in
            try access.store.record(.deadLettered(id, attempts: attempts, letter))
            access.claimed.remove(id)
            return access.store.state.entries[id]
        } announcing: { stored, counts in
            [OutboxEvent(.deadLettered, entry: OutboxEntry(stored ?? entry), error: error, counts: counts)]
        }
        log.warning("Outbox entry set aside (\(reason)): \(OutboxEntry(entry)): \(OutboxFailure(failure))")
    }

    /// Sends an entry's request as the client sends any call: its header fields and
    /// interceptors (credentials fresh), redirects, deadline, observation; with the entry's key.
    private func send(_ entry: StoredEntry) async -> Result<(HTTPResponse, Data), APIError> {
        guard let method = HTTPRequest.Method(entry.method) else {
            return .failure(APIError(.invalidRequest, "The stored method '\(entry.method)' is not a method."))
        }
        guard let baseURL = entry.baseURL.flatMap(URL.init(string:)) ?? client.configuration.baseURL else {
            return .failure(
                APIError(.invalidRequest, "The entry's request has no base URL of its own and the client has none."))
        }
        var fields = HTTPFields()
        for header in entry.headers {
            guard let name = HTTPField.Name(header.name) else { continue }
            fields.append(HTTPField(name: name, value: header.value))
        }
        fields[Self.idempotencyKey] = entry.idempotencyKey
        let request = HTTPRequest(method: method, scheme: nil, authority: nil, path: entry.target, headerFields: fields)
        let body: OutgoingBody?
        do throws(APIError) {
            body =
                switch entry.body {
                case nil: nil
                case .data(let data): OutgoingBody(data)
                case .file(let name, _): try OutgoingBody.file(store.bodyURL(named: name))
                }
            let (head, responseBody) = try await client.send(
                request, body: body, baseURL: baseURL, name: entry.name, streamsResponse: false,
                timeout: entry.timeout)
            return .success((head, responseBody.bufferedData ?? Data()))
        } catch {
            return .failure(error)
        }
    }

    /// The delivery an event carries: the response, decoded as the app registered for the kind.
    private func decode(_ head: HTTPResponse, _ body: Data, kind: String) -> OutboxDelivery {
        guard let decode = configuration.decoders.decoder(forKind: kind) else {
            return OutboxDelivery(response: head, body: body, value: nil, decodingError: nil)
        }
        do {
            let value = try decode(body, head, client.configuration.decoder)
            return OutboxDelivery(response: head, body: body, value: value, decodingError: nil)
        } catch {
            let failure = APIError(
                .decoding, "The response of a '\(kind)' entry could not be decoded.", response: head, body: body,
                underlying: error)
            return OutboxDelivery(response: head, body: body, value: nil, decodingError: failure)
        }
    }
}
