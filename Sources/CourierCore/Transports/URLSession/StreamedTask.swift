import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One task's response head and body, handed from delegate callbacks to the awaiting caller: the
/// body in memory as it streams, or written to a file as it arrives (a download's body, in the
/// spool its ``DownloadFile`` opens for the head).
final class StreamedTask: TaskEvents {
    private struct State {
        var response: URLResponse?
        var error: (any Error)?
        var waiter: CheckedContinuation<URLResponse, any Error>?
        /// The response's `Content-Encoding`, when its body arrives decompressed.
        var contentEncoding: String?
        /// Holds a body that arrives decompressed to the ratio (no other limit: the reader sets its own).
        var meter = BodyMeter.unlimited
        /// Whether the meter stopped the body.
        var exceeded = false
        var task: URLSessionTask?
        /// The file a download's body is written to, once the head said it is the download's.
        var spool: BodySpool?
        /// Why the download's file could not be opened for the body.
        var spoolError: APIError?
    }

    private let state = Locked(State())
    /// The request body, told how much of it went out.
    let body: OutgoingBody?
    private let decoding: ContentDecoding
    /// The download whose body this may be, if the exchange is a download's.
    private let download: (any DownloadDestination)?
    private let chunks: AsyncThrowingStream<Data, any Error>
    private let chunkSink: AsyncThrowingStream<Data, any Error>.Continuation

    init(body: OutgoingBody?, decoding: ContentDecoding, download: (any DownloadDestination)? = nil) {
        self.body = body
        self.decoding = decoding
        self.download = download
        (chunks, chunkSink) = AsyncThrowingStream.makeStream(of: Data.self)
    }

    /// Starts the task and waits for the response head.
    func waitForResponse(starting task: URLSessionTask) async throws -> URLResponse {
        state.withLock { $0.task = task }
        chunkSink.onTermination = { termination in
            if case .cancelled = termination { task.cancelWithoutWaiting() }
        }
        return try await withCheckedThrowingContinuation { continuation in
            let ready: Result<URLResponse, any Error>? = state.withLock { state in
                if let response = state.response { return .success(response) }
                if let error = state.error { return .failure(error) }
                state.waiter = continuation
                return nil
            }
            if let ready {
                continuation.resume(with: ready)
            } else {
                task.resumeWithoutWaiting()
            }
        }
    }

    /// The body as it streams in. Dropping its iterator before the end cancels the task, so a
    /// body abandoned at the client's size limit stops downloading.
    func body(of task: URLSessionTask, expectedLength: Int64) -> ResponseBody {
        let length = expectedLength >= 0 ? Int(expectedLength) : nil
        let (spool, spoolError) = state.withLock { ($0.spool, $0.spoolError) }
        var body: ResponseBody
        if let spoolError {
            task.cancelWithoutWaiting()
            body = ResponseBody(failure: spoolError)
        } else if let spool {
            let reader = SpoolReader(spool) { task.cancelWithoutWaiting() }  // does nothing once it has completed
            body = ResponseBody(spooledBy: reader, expectedLength: length)
        } else {
            body = ResponseBody(TaskBody(chunks: chunks, task: task), expectedLength: length)
        }
        body.httpVersion = URLSessionTransport.knownHTTPVersion
        return body
    }

    func received(_ response: URLResponse) {
        let contentEncoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")
        let encoded = ContentDecoding.isEncoded(contentEncoding)
        let expected = response.expectedContentLength
        // Before the first chunk (the callbacks come one at a time): a download's body goes to its
        // file from the first byte on.
        let isFirst = state.withLock { $0.response == nil }
        let opened = isFirst ? openSpool(for: response) : (nil, nil)
        let waiter = state.withLock { state -> CheckedContinuation<URLResponse, any Error>? in
            guard state.response == nil else { return nil }
            state.response = response
            (state.spool, state.spoolError) = opened
            if encoded {
                state.contentEncoding = contentEncoding
                state.meter =
                    (try? BodyMeter(
                        limit: .max, announcedLength: expected >= 0 ? Int(expected) : nil,
                        contentEncoding: contentEncoding, ratio: decoding.maximumRatio)) ?? .unlimited
            }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: response)
    }

    /// The spool a download opens for the response's head, if the exchange is a download's and its
    /// body the download's.
    private func openSpool(for response: URLResponse) -> (BodySpool?, APIError?) {
        guard let download, let response = response as? HTTPURLResponse,
            let head = try? URLSessionTransport.makeResponse(response)
        else { return (nil, nil) }
        do {
            return (try download.spool(for: head), nil)
        } catch {
            return (nil, error)
        }
    }

    func received(_ data: Data) {
        let (exceeded, spool) = state.withLock { state -> ((BodyLimitExceeded, URLSessionTask?)?, BodySpool?) in
            guard !state.exceeded else { return (nil, state.spool) }
            do throws(BodyLimitExceeded) {
                try state.meter.add(data.count)
                return (nil, state.spool)
            } catch {
                state.exceeded = true  // report once
                return ((error, state.task), state.spool)
            }
        }
        if let (error, task) = exceeded {
            spool?.finish(throwing: error)
            chunkSink.finish(throwing: error)
            task?.cancelWithoutWaiting()
            return
        }
        guard let spool else {
            chunkSink.yield(data)
            return
        }
        if !spool.append(data) {
            state.withLock { $0.task }?.cancelWithoutWaiting()  // the file failed or was abandoned
        }
    }

    /// Ends the wait for the head at once with `error` and cancels the task: for the caller's
    /// cancellation, which must not wait for the session to confirm the cancel (it lands late while
    /// libcurl is busy with another task's body).
    func abandon(with error: any Error) {
        let task = state.withLock { $0.task }
        completed(with: error)
        task?.cancelWithoutWaiting()
    }

    func completed(with error: (any Error)?) {
        let contentEncoding = state.withLock { $0.contentEncoding }
        let error = error.map {
            URLSessionTransport.contentDecodingError(from: $0, contentEncoding: contentEncoding) ?? $0
        }
        let waiter = state.withLock { state -> CheckedContinuation<URLResponse, any Error>? in
            guard state.response == nil else { return nil }
            state.error = error ?? URLError(.badServerResponse)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(throwing: error ?? URLError(.badServerResponse))
        state.withLock { $0.spool }?.finish(throwing: error)
        if let error {
            chunkSink.finish(throwing: error)
        } else {
            chunkSink.finish()
        }
    }
}

/// A task's body chunks; the task is cancelled when the iterator goes away, which does nothing
/// once the task has completed.
private struct TaskBody: AsyncSequence, Sendable {
    let chunks: AsyncThrowingStream<Data, any Error>
    let task: URLSessionTask

    func makeAsyncIterator() -> Iterator {
        Iterator(base: chunks.makeAsyncIterator(), cancellation: CancelOnDeinit(task: task))
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Data, any Error>.AsyncIterator
        let cancellation: CancelOnDeinit

        mutating func next() async throws -> Data? {
            try await base.next()
        }
    }

    final class CancelOnDeinit {
        let task: URLSessionTask

        init(task: URLSessionTask) {
            self.task = task
        }

        deinit {
            task.cancelWithoutWaiting()
        }
    }
}
