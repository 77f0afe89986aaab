public import Foundation
public import HTTPTypes
import HTTPTypesFoundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A transport over Foundation's `URLSession`: the default on Apple platforms.
///
/// The transport owns its session and a session-level delegate, because only a session-level
/// delegate can stop `URLSession` from following redirects on Linux. The response body streams
/// from the delegate, so the client's body limit applies before a large body is held in memory,
/// and a body abandoned at that limit cancels its task.
///
/// The session configuration's `timeoutIntervalForRequest` (an idle timeout, 60 seconds by
/// default) still applies underneath the client's total deadline.
public final class URLSessionTransport: BufferingTransport {
    /// A transport over a session with the `.default` configuration.
    public static let shared = URLSessionTransport()

    private let session: URLSession
    private let delegate: SessionDelegate

    /// Creates a transport over a new session.
    ///
    /// - Parameter configuration: The session's configuration (timeouts, cache, cookies, proxies).
    public init(configuration: URLSessionConfiguration = .default) {
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "Courier.URLSessionTransport"
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends a request without following redirects.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request body, if any; a file is sent with an upload task, from disk.
    /// - Returns: The response head and its streaming body.
    /// - Throws: `URLError`, or `CancellationError` when the calling task is cancelled.
    public func send(_ request: HTTPRequest, body: OutgoingBody?) async throws -> (HTTPResponse, ResponseBody) {
        let (task, exchange) = try start(request, body: body)
        return try await head(of: task, exchange)
    }

    /// Sends a request and reads its whole body, cancelling the data task when the deadline
    /// passes.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request body, if any; a file is sent with an upload task, from disk.
    ///   - limit: The most response bytes to accept.
    ///   - deadline: When the exchange must have ended.
    /// - Returns: The response head and its body.
    /// - Throws: ``APIError/Kind/bodyTooLarge`` past `limit`, or the task's failure as an
    ///   ``APIError`` carrying the response head when it had arrived (`.cancelled` once the
    ///   deadline passes).
    public func sendBuffered(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        limit: Int,
        deadline: ContinuousClock.Instant
    ) async throws -> (HTTPResponse, Data) {
        let task = try makeTask(request, body: body)
        let exchange = BufferedExchange(task: task, body: body, limit: limit)
        delegate.register(task, exchange)
        let watch = DeadlineWatchdog.shared.watch(until: deadline) { task.cancel() }
        defer { DeadlineWatchdog.shared.stopWatching(watch) }
        let (response, data): (URLResponse, Data)
        do {
            (response, data) = try await withTaskCancellationHandler {
                try await exchange.response(starting: task)
            } onCancel: {
                task.cancel()
            }
        } catch {
            // After the head, the server may have acted: keep the head, so a retry does not repeat it.
            let head = exchange.response.flatMap { try? Self.makeResponse($0) }
            if var error = error as? APIError {
                error.response = head
                throw error
            }
            throw Pipeline.mapTransportError(Self.mapError(error), request: request, response: head)
        }
        return (try Self.makeResponse(response), data)
    }

    /// Creates the task for a request, not started yet.
    private func makeTask(_ request: HTTPRequest, body: OutgoingBody?) throws -> URLSessionTask {
        let urlRequest = try Self.makeURLRequest(request, body: body?.data)
        if let file = body?.fileURL {
            return session.uploadTask(with: urlRequest, fromFile: file)  // streams from disk
        }
        return session.dataTask(with: urlRequest)
    }

    /// Creates the task for a request and the exchange that streams its body.
    private func start(_ request: HTTPRequest, body: OutgoingBody?) throws -> (URLSessionTask, Exchange) {
        let task = try makeTask(request, body: body)
        let exchange = Exchange(body: body)
        delegate.register(task, exchange)
        return (task, exchange)
    }

    /// Starts the task and waits for the response head.
    private func head(of task: URLSessionTask, _ exchange: Exchange) async throws -> (HTTPResponse, ResponseBody) {
        let response: URLResponse
        do {
            response = try await withTaskCancellationHandler {
                try await exchange.waitForResponse(starting: task)
            } onCancel: {
                task.cancel()
            }
        } catch {
            throw Self.mapError(error)
        }
        return (
            try Self.makeResponse(response), exchange.body(of: task, expectedLength: response.expectedContentLength)
        )
    }

    /// Converts a request to a `URLRequest`.
    static func makeURLRequest(_ request: HTTPRequest, body: Data?) throws -> URLRequest {
        guard var urlRequest = URLRequest(httpRequest: request) else {
            throw URLError(.badURL)
        }
        urlRequest.httpBody = body
        #if !canImport(FoundationNetworking)
            urlRequest.allowsConstrainedNetworkAccess = NetworkAccess.current.allowsConstrained
            urlRequest.allowsExpensiveNetworkAccess = NetworkAccess.current.allowsExpensive
        #endif
        return urlRequest
    }

    /// Reports a network refused by ``NetworkAccess`` as ``ConstrainedNetworkError``.
    static func mapError(_ error: any Error) -> any Error {
        #if !canImport(FoundationNetworking)
            if let urlError = error as? URLError {
                switch urlError.networkUnavailableReason {
                case .constrained: return ConstrainedNetworkError(reason: .constrained)
                case .expensive: return ConstrainedNetworkError(reason: .expensive)
                default: break
                }
            }
        #endif
        return error
    }

    /// Converts a `URLResponse` to an `HTTPResponse`.
    static func makeResponse(_ response: URLResponse) throws -> HTTPResponse {
        guard var httpResponse = (response as? HTTPURLResponse)?.httpResponse else {
            throw URLError(.badServerResponse)
        }
        httpResponse.status = ReasonPhrases.filling(httpResponse.status)
        return httpResponse
    }
}
