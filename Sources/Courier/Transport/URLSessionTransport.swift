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
///
/// `URLSession` decompresses `gzip` and `deflate` bodies itself (and `br`; on Linux, libcurl also
/// `zstd`), always. The transport sends `Accept-Encoding: gzip, deflate` when a request sets
/// none, counts the client's body limit on decompressed bytes, fails a body that decompresses to
/// more than ``defaultDecompressionRatio`` times its announced `Content-Length`, and fails a
/// coding the session does not decode with ``APIError/Kind/decoding``.
///
/// On Linux, FoundationNetworking cannot bound the memory a decompression bomb takes: libcurl
/// decodes as fast as bytes arrive and queues every decoded chunk for the delegate without
/// waiting, so cancelling the task at the limit lands only after the queued chunks (measured: a
/// 260 KB body inflating to 256 MiB raised the process's peak memory by about 280 MB). The call
/// still fails at the limit; `AsyncHTTPClientTransport`, the default there, stops reading.
///
/// On Linux, FoundationNetworking sometimes stops the process when a file upload is cancelled
/// mid-transfer, by a cancelled task or by the call's deadline (`EasyHandle.swift: Fatal error:
/// 'try!' … libcurl.Easy Code=43`, seen in about one run in six of a test that does it). Upload
/// files on Linux over `AsyncHTTPClientTransport`, the default there.
public final class URLSessionTransport: BufferingTransport {
    /// A transport over a session with the `.default` configuration.
    public static let shared = URLSessionTransport()

    /// The largest size a compressed response body may decompress to, as a multiple of its
    /// announced (compressed) `Content-Length`, unless the transport is created with another: 100.
    ///
    /// JSON typically compresses 5 to 20 times; a decompression bomb compresses about 1,000 times.
    public static let defaultDecompressionRatio = 100

    private let session: URLSession
    private let delegate: SessionDelegate
    /// What the session decodes.
    let decoding: ContentDecoding

    /// Creates a transport over a new session.
    ///
    /// - Parameters:
    ///   - configuration: The session's configuration (timeouts, cache, cookies, proxies).
    ///   - decompressionRatio: The largest size a compressed body may decompress to, as a multiple
    ///     of its `Content-Length`; past it the call fails with ``APIError/Kind/bodyTooLarge``. A
    ///     body without a `Content-Length` is bounded by the client's
    ///     ``APIClient/Configuration/maximumBodySize`` only.
    public init(
        configuration: URLSessionConfiguration = .default,
        decompressionRatio: Int = URLSessionTransport.defaultDecompressionRatio
    ) {
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "Courier.URLSessionTransport"
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        self.decoding = Self.contentDecoding(ratio: decompressionRatio)
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
    /// - Throws: `URLError`, ``APIError/Kind/decoding`` for a coding the session does not decode,
    ///   or `CancellationError` when the calling task is cancelled.
    public func send(_ request: HTTPRequest, body: OutgoingBody?) async throws -> (HTTPResponse, ResponseBody) {
        let (task, exchange) = try start(request, body: body)
        return try await head(of: task, exchange, request: request)
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
    /// - Throws: ``APIError/Kind/bodyTooLarge`` past `limit` (counted on decompressed bytes) or
    ///   past the decompression ratio; ``APIError/Kind/decoding`` for a coding the session does not
    ///   decode or corrupt compressed data; or the task's failure as an ``APIError`` carrying the
    ///   response head when it had arrived (`.cancelled` once the deadline passes).
    public func sendBuffered(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        limit: Int,
        deadline: ContinuousClock.Instant
    ) async throws -> (HTTPResponse, Data) {
        let task = try makeTask(request, body: body)
        let exchange = BufferedExchange(task: task, body: body, limit: limit, decoding: decoding)
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
            let decodingError = Self.contentDecodingError(
                from: error, contentEncoding: head?.headerFields[.contentEncoding])
            throw Pipeline.mapTransportError(decodingError ?? Self.mapError(error), request: request, response: head)
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
        let exchange = Exchange(body: body, decoding: decoding)
        delegate.register(task, exchange)
        return (task, exchange)
    }

    /// Starts the task and waits for the response head.
    private func head(
        of task: URLSessionTask, _ exchange: Exchange, request: HTTPRequest
    ) async throws -> (HTTPResponse, ResponseBody) {
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
        let head = try Self.makeResponse(response)
        let expected = response.expectedContentLength
        let contentEncoding = head.headerFields[.contentEncoding]
        if let coding = decoding.undecoded(
            contentEncoding: contentEncoding, status: head.status.code, isHead: request.method == .head,
            contentLength: expected >= 0 ? Int(expected) : nil)
        {
            task.cancel()
            let error = ContentDecodingError(reason: .unsupported, coding: coding, summary: decoding.summary)
            throw Pipeline.mapTransportError(error, request: request, response: head)
        }
        // An encoded body's announced length is the compressed one: the decoded length is unknown.
        let length = ContentDecoding.isEncoded(contentEncoding) ? -1 : expected
        return (head, exchange.body(of: task, expectedLength: length))
    }

    /// Converts a request to a `URLRequest`, asking for `gzip` and `deflate` when the request does
    /// not say which encodings it accepts.
    static func makeURLRequest(_ request: HTTPRequest, body: Data?) throws -> URLRequest {
        guard var urlRequest = URLRequest(httpRequest: request) else {
            throw URLError(.badURL)
        }
        if request.headerFields[.acceptEncoding] == nil {
            urlRequest.setValue(ContentDecoding.acceptEncoding, forHTTPHeaderField: "Accept-Encoding")
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
