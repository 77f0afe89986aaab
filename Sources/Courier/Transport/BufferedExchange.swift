import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One task's response, read whole into memory up to a limit and handed to the caller at the
/// end: no stream, one wait.
final class BufferedExchange: TaskEvents {
    private struct State {
        var response: URLResponse?
        var data = Data()
        var outcome: Result<(URLResponse, Data), any Error>?
        var waiter: CheckedContinuation<(URLResponse, Data), any Error>?
    }

    let body: OutgoingBody?
    private let limit: Int
    private let task: URLSessionTask
    private let state = Locked(State())

    init(task: URLSessionTask, body: OutgoingBody?, limit: Int) {
        self.task = task
        self.body = body
        self.limit = limit
    }

    /// The response head, once it has arrived: for an error raised after it.
    var response: URLResponse? { state.withLock { $0.response } }

    /// Starts the task and waits for the whole response.
    ///
    /// - Throws: ``APIError/Kind/bodyTooLarge`` past the limit (the task is cancelled), or the
    ///   task's error.
    func response(starting task: URLSessionTask) async throws -> (URLResponse, Data) {
        try await withCheckedThrowingContinuation { continuation in
            let outcome = state.withLock { state -> Result<(URLResponse, Data), any Error>? in
                if state.outcome == nil { state.waiter = continuation }
                return state.outcome
            }
            if let outcome {
                continuation.resume(with: outcome)
            } else {
                task.resume()
            }
        }
    }

    func received(_ response: URLResponse) {
        let expected = response.expectedContentLength
        state.withLock { $0.response = $0.response ?? response }
        if expected > limit {
            finish(.failure(APIError.bodyTooLarge(limit: limit, announced: Int(expected))))
        }
    }

    func received(_ data: Data) {
        let tooLarge = state.withLock { state -> Bool in
            guard state.outcome == nil else { return false }
            guard state.data.count + data.count <= limit else { return true }
            if state.data.isEmpty {
                state.data = data  // most small bodies arrive in one piece: no copy
            } else {
                state.data.append(data)
            }
            return false
        }
        if tooLarge {
            finish(.failure(APIError.bodyTooLarge(limit: limit, announced: nil)))
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

    /// Settles the exchange once; a failure before the end cancels the task.
    private func finish(_ outcome: Result<(URLResponse, Data), any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<(URLResponse, Data), any Error>?? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            state.data = Data()
            defer { state.waiter = nil }
            return .some(state.waiter)
        }
        guard let waiter else { return }  // settled before
        if case .failure = outcome { task.cancel() }
        waiter?.resume(with: outcome)
    }
}
