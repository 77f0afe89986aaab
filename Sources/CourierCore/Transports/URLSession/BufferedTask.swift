import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One task's response, read whole into memory up to a limit and handed to the caller at the
/// end: no stream, one wait.
///
/// The exchange makes its task itself, in the same step that starts it: on Linux one block on
/// ``SessionControl/queue`` creates, registers and resumes the task, so a call waits for the
/// control queue once, not twice (creating the task and then starting it, with a return to the
/// cooperative pool between them). When the exchange is abandoned before that block runs, no
/// task is made.
final class BufferedTask: TaskEvents {
    private struct State {
        /// The task, once made.
        var task: URLSessionTask?
        var response: URLResponse?
        /// Counts the body against the limit and, for a body that arrives decompressed, the ratio.
        var meter = BodyMeter.unlimited
        var data = Data()
        var outcome: Result<(URLResponse, Data), any Error>?
        var waiter: CheckedContinuation<(URLResponse, Data), any Error>?
    }

    let body: OutgoingBody?
    private let limit: Int
    private let decoding: ContentDecoding
    private let isHead: Bool
    private let state = Locked(State())

    init(body: OutgoingBody?, limit: Int, decoding: ContentDecoding, isHead: Bool) {
        self.body = body
        self.limit = limit
        self.decoding = decoding
        self.isHead = isHead
    }

    /// The response head, once it has arrived: for an error raised after it.
    var response: URLResponse? { state.withLock { $0.response } }

    /// Makes the task with `make`, registers it with `delegate`, starts it and waits for the
    /// whole response (see ``SessionControl`` for where, on Linux).
    ///
    /// - Throws: ``BodyLimitExceeded`` past the limit or the ratio (the task is cancelled), a
    ///   ``ContentDecodingError`` for a body encoded in a coding the session does not decode, the
    ///   error the exchange was abandoned with, or the task's error.
    func response(
        making make: @escaping @Sendable () -> URLSessionTask, delegate: SessionDelegate
    ) async throws -> (URLResponse, Data) {
        try await withCheckedThrowingContinuation { continuation in
            let outcome = state.withLock { state -> Result<(URLResponse, Data), any Error>? in
                if state.outcome == nil { state.waiter = continuation }
                return state.outcome
            }
            if let outcome {
                continuation.resume(with: outcome)  // abandoned before it began: no task to make
                return
            }
            #if canImport(FoundationNetworking)
                SessionControl.queue.async { self.start(make, delegate) }
            #else
                start(make, delegate)
            #endif
        }
    }

    /// Makes, registers and resumes the task, unless the exchange has ended; on Linux, on
    /// ``SessionControl/queue``, where FoundationNetworking's calls may wait for the session.
    private func start(_ make: @Sendable () -> URLSessionTask, _ delegate: SessionDelegate) {
        guard state.withLock({ $0.outcome == nil }) else { return }  // abandoned meanwhile
        let task = make()
        delegate.register(task, self)
        let ended = state.withLock { state -> Bool in
            state.task = task
            return state.outcome != nil
        }
        // Ended between the check and now: `finish` found no task to cancel.
        if ended { task.cancel() } else { task.resume() }
    }

    func received(_ response: URLResponse) {
        let expected = response.expectedContentLength
        let contentEncoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")
        let first = state.withLock { state -> Bool in
            guard state.response == nil else { return false }
            state.response = response
            return true
        }
        guard first else { return }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        let length = expected >= 0 ? Int(expected) : nil
        if let coding = decoding.undecoded(
            contentEncoding: contentEncoding, status: status, isHead: isHead, contentLength: length)
        {
            finish(.failure(ContentDecodingError(reason: .unsupported, coding: coding, summary: decoding.summary)))
            return
        }
        // An encoded body's announced length is the compressed one: the limit counts decompressed
        // bytes, and the ratio holds them to the compressed length.
        do {
            let meter = try BodyMeter(
                limit: limit, announcedLength: isHead ? nil : length,
                contentEncoding: ContentDecoding.isEncoded(contentEncoding) ? contentEncoding : nil,
                ratio: decoding.maximumRatio)
            state.withLock { $0.meter = meter }
        } catch {
            finish(.failure(error))
        }
    }

    func received(_ data: Data) {
        let failure = state.withLock { state -> (any Error)? in
            guard state.outcome == nil else { return nil }
            do {
                try state.meter.add(data.count)
            } catch {
                return error
            }
            if state.data.isEmpty {
                state.data = data  // most small bodies arrive in one piece: no copy
            } else {
                state.data.append(data)
            }
            return nil
        }
        if let failure {
            finish(.failure(failure))
        }
    }

    func completed(with error: (any Error)?) {
        let result = state.withLock { state -> Result<(URLResponse, Data), any Error> in
            if let error { return .failure(error) }
            guard let response = state.response else { return .failure(URLError(.badServerResponse)) }
            return .success((response, state.data))
        }
        finish(result)
    }

    /// Ends the wait at once with `error` and cancels the task: for the deadline
    /// (`TransportDeadlineReached`) and the caller's cancellation, which must not wait for the
    /// session to confirm the cancel (it lands late while libcurl is busy with another task's body).
    func abandon(with error: any Error = URLError(.cancelled)) {
        finish(.failure(error))
    }

    /// Settles the exchange once; a failure before the end cancels the task.
    private func finish(_ outcome: Result<(URLResponse, Data), any Error>) {
        typealias Settled = (waiter: CheckedContinuation<(URLResponse, Data), any Error>?, task: URLSessionTask?)
        let settled = state.withLock { state -> Settled? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            state.data = Data()
            defer { state.waiter = nil }
            return (state.waiter, state.task)
        }
        guard let settled else { return }  // settled before
        if case .failure = outcome { settled.task?.cancelWithoutWaiting() }
        settled.waiter?.resume(with: outcome)
    }
}
