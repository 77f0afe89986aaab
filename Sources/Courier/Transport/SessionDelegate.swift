import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session-level delegate of a ``URLSessionTransport``: refuses redirects and routes each
/// task's callbacks to its ``Exchange``.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges = Locked<[Int: any TaskEvents]>([:])

    /// Routes `task`'s callbacks to `events` until the task completes.
    func register(_ task: URLSessionTask, _ events: any TaskEvents) {
        exchanges.withLock { $0[task.taskIdentifier] = events }
    }

    private func exchange(for task: URLSessionTask) -> (any TaskEvents)? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The client follows redirects itself, with its own rules for credentials.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        exchange(for: dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        exchange(for: task)?.body?.didSend(totalBytesSent)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        // A refused redirect may complete without a separate response callback.
        if error == nil, let response = task.response {
            exchange?.received(response)
        }
        exchange?.completed(with: error)
    }
}

/// What a task's delegate callbacks are handed to.
protocol TaskEvents: AnyObject, Sendable {
    /// The request body, told how much of it went out.
    var body: OutgoingBody? { get }
    func received(_ response: URLResponse)
    func received(_ data: Data)
    func completed(with error: (any Error)?)
}
