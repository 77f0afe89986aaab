public import HTTPTypes

#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
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
/// On Linux, FoundationNetworking hands every chunk libcurl reads (or decompresses) to the
/// delegate without waiting for it; the transport's delegate queue runs each callback where it is
/// called, so a chunk is counted, and dropped past the body limit, before libcurl reads the next,
/// and memory stays near the body limit. Cancelling a task there lands late,
/// though: after a body is refused at the limit, libcurl may read on for a while (and discard
/// what it reads) while a fast server keeps sending. `AsyncHTTPClientTransport`, the default
/// there, stops reading at once.
///
/// A download (``APIClient/download(_:to:progress:)``) does not go through memory: the delegate
/// writes each chunk of a `200` or `206` to the download's file beside the destination where it
/// is handed over, as FoundationNetworking's own download tasks do, and the client renames that
/// file into place:
/// Courier holds at most 256 KiB of the body, whatever its size. (FoundationNetworking's own
/// memory still grows during a large transfer on Linux; a 1 GiB download peaked at 48–64 MiB,
/// and a bare URLSession program writing the same way at 46–53 MiB.) Progress is reported as the chunks reach the file, at least
/// every 50 milliseconds while bytes arrive.
///
/// On Linux, FoundationNetworking sometimes stops the process when a file upload is cancelled
/// mid-transfer, by a cancelled task or by the call's deadline (`EasyHandle.swift: Fatal error:
/// 'try!' … libcurl.Easy Code=43`, seen in about one run in six of a test that does it). Upload
/// files on Linux over `AsyncHTTPClientTransport`, the default there.
///
/// FoundationNetworking in Swift 6.3 also stops the process when a server closes the connection
/// after a response's status line but before the end of its head (`NativeProtocol.swift: Fatal
/// error: Transfer completed, but there's no response`; swiftlang/swift-corelibs-foundation#5285,
/// fixed upstream by #5286). No code of Courier's runs between libcurl's end of the transfer and
/// the trap, so no transport over FoundationNetworking can prevent it: on Linux, call servers
/// you do not control over `AsyncHTTPClientTransport`, which fails such a response with
/// ``APIError/Kind/transport``.
///
/// On Linux, FoundationNetworking (Swift 6.3) also, rarely and under load, never reads a
/// connection at all: the server's answer waits unread in the socket, and the task gets
/// neither its head nor its end until it is cancelled — by the call's deadline, or by the
/// session's idle timeout (`timeoutIntervalForRequest`) when that comes first. It was seen five
/// times in some 100,000 downloads from a test server that cuts its answers short, closing or
/// resetting (RST) the connection, on a loaded 2-core machine; it looks like libdispatch losing a
/// socket's registration after a hang-up (swiftlang/swift-corelibs-libdispatch#833). A download
/// the idle timeout ends resumes; one the deadline ends fails with ``APIError/Kind/timeout``.
/// Keep `timeoutIntervalForRequest` shorter than the deadlines of calls that must not wait it
/// out, or use `AsyncHTTPClientTransport`, the default on Linux.
public final class URLSessionTransport: Transport {
    /// A transport over a session with the ``recommendedConfiguration``.
    public static let shared = URLSessionTransport()

    /// The configuration transports are created with unless given another: `.default`, but
    /// neither storing nor sending cookies.
    ///
    /// With `.default`, a session keeps the cookies servers set in the process-wide cookie
    /// storage and sends them with later requests, replacing a `Cookie` header the request sets
    /// itself, and every client on ``shared`` sees every other's cookies. Over this configuration a
    /// request sends the `Cookie` header it sets and nothing else, as over AsyncHTTPClient. Pass a
    /// configuration with cookies on to ``init(configuration:decompressionRatio:)`` for the
    /// session's own handling.
    public static var recommendedConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return configuration
    }

    /// The largest size a compressed response body may decompress to, as a multiple of its
    /// announced (compressed) `Content-Length`, unless the transport is created with another: 100.
    ///
    /// JSON typically compresses 5 to 20 times; a decompression bomb compresses about 1,000 times.
    public static let defaultDecompressionRatio = 100

    let session: URLSession
    let delegate: SessionDelegate
    /// What the session decodes.
    let decoding: ContentDecoding
    #if canImport(FoundationNetworking)
        /// Whether the configuration names a proxy, which FoundationNetworking would ignore.
        private let ignoresProxySettings: Bool
    #endif

    /// Creates a transport over a new session.
    ///
    /// - Parameters:
    ///   - configuration: The session's configuration (timeouts, cache, cookies, proxies);
    ///     ``recommendedConfiguration`` by default, which handles no cookies. On Linux,
    ///     FoundationNetworking ignores `connectionProxyDictionary` (it reaches a proxy only
    ///     through curl's `http_proxy` and `https_proxy` environment variables, for the whole
    ///     process): a configuration that sets it makes every call fail as
    ///     ``APIError/Kind/invalidRequest`` rather than go around the proxy.
    ///   - decompressionRatio: The largest size a compressed body may decompress to, as a multiple
    ///     of its `Content-Length`; past it the call fails with ``APIError/Kind/bodyTooLarge``. A
    ///     body without a `Content-Length` is bounded by the client's
    ///     ``APIClient/Configuration/maximumBodySize`` only.
    public convenience init(
        configuration: URLSessionConfiguration = URLSessionTransport.recommendedConfiguration,
        decompressionRatio: Int = URLSessionTransport.defaultDecompressionRatio
    ) {
        self.init(configuration: configuration, decompressionRatio: decompressionRatio, delegate: SessionDelegate())
    }

    /// Creates a transport over a new session whose callbacks go to `delegate`.
    init(configuration: URLSessionConfiguration, decompressionRatio: Int, delegate: SessionDelegate) {
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: DelegateQueue())
        self.decoding = Self.contentDecoding(ratio: decompressionRatio)
        #if canImport(FoundationNetworking)
            self.ignoresProxySettings = configuration.connectionProxyDictionary?.isEmpty == false
        #endif
    }

    deinit {
        #if canImport(FoundationNetworking)
            // After the task creations already queued (an abandoned call's may still be waiting
            // for a held session queue): FoundationNetworking traps on a task made for an
            // invalidated session.
            let session = session
            SessionControl.queue.async { session.finishTasksAndInvalidate() }
        #else
            session.finishTasksAndInvalidate()
        #endif
    }

    /// Sends a request without following redirects, cancelling its task when the deadline passes.
    ///
    /// When the client reads the whole body (`context.readsWholeBody`), the delegate reads it
    /// into memory and the task is cancelled at the deadline or as soon as the body passes
    /// `context.bodyLimit`; otherwise the body streams from the delegate.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request body, if any; a file is sent with an upload task, from disk, and a
    ///     streamed body is first written to a temporary file (memory stays flat).
    ///   - context: The deadline, the body limit and the networks the request may use.
    /// - Returns: The response head and its body.
    /// - Throws: `TransportDeadlineReached` once the deadline passes, ``ConstrainedNetworkError``,
    ///   `URLError` (`.cancelled` when the calling task is cancelled); on Linux, an ``APIError``
    ///   of kind ``APIError/Kind/invalidRequest`` before anything is sent when the session's
    ///   configuration names a proxy (`connectionProxyDictionary`), which FoundationNetworking
    ///   does not support.
    public func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        #if canImport(FoundationNetworking)
            if ignoresProxySettings { throw Self.proxySettingsIgnored(request) }
        #endif
        if let pins = delegate.pins, let host = pins.pins(for: TLSErrors.host(of: request)), request.scheme != "https" {
            throw PinMismatch(pins: host, overPlainHTTP: true)  // plain HTTP has no certificate to check
        }
        guard let body, let spool = try await OutgoingBody.Spool.write(body) else {
            return try await exchange(request, body: body, context: context)
        }
        // Once the head has arrived, the server has read the body (or no longer wants it).
        defer { spool.remove() }
        return try await exchange(request, body: spool.body, context: context)
    }

    /// Sends a request whose body, if any, is bytes or a file: ended early by the caller's
    /// cancellation and, when the body is read whole, by the transport's own timer at the
    /// deadline, at whatever stage the exchange has reached.
    private func exchange(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        let make = try taskMaker(request, body: body, networkAccess: context.networkAccess)
        guard context.readsWholeBody else {
            // Two stages, creating the task and then streaming it (see ``Abandonment``). The
            // client cuts a streamed exchange off at its deadline, through cancellation.
            let abandonment = Abandonment()
            return try await withTaskCancellationHandler {
                try await streamedExchange(request, body: body, context: context, make, abandonment)
            } onCancel: {
                abandonment.abandon(with: URLError(.cancelled))
            }
        }
        // One stage: the exchange makes its own task.
        let exchange = BufferedTask(
            body: body, limit: context.bodyLimit, decoding: decoding, isHead: request.method == .head)
        // The session's own timeouts are whole seconds on Linux and ignore the resource timeout.
        let alarm = Self.timers.set(at: Self.timers.now(context.deadline)) {
            exchange.abandon(with: TransportDeadlineReached())
        }
        defer { Self.timers.cancel(alarm) }
        return try await withTaskCancellationHandler {
            try await bufferedExchange(exchange, make)
        } onCancel: {
            exchange.abandon(with: URLError(.cancelled))
        }
    }

    private func bufferedExchange(
        _ exchange: BufferedTask, _ make: @escaping @Sendable () -> URLSessionTask
    ) async throws -> (HTTPResponse, ResponseBody) {
        let (response, data): (URLResponse, Data)
        do {
            (response, data) = try await exchange.response(making: make, delegate: delegate)
        } catch {
            guard let head = exchange.response.flatMap({ try? Self.makeResponse($0) }) else {
                throw Self.mapError(error)
            }
            // After the head, the server may have acted: keep the head, so a retry does not repeat it.
            let decodingError = Self.contentDecodingError(
                from: error, contentEncoding: head.headerFields[.contentEncoding])
            var failed = ResponseBody(failure: decodingError ?? error)
            failed.httpVersion = Self.knownHTTPVersion
            return (head, failed)
        }
        var responseBody = ResponseBody(metered: data)
        responseBody.httpVersion = Self.knownHTTPVersion
        return (try Self.makeResponse(response), responseBody)
    }

    /// The HTTP version of every exchange, where it is known without the task's metrics:
    /// FoundationNetworking speaks HTTP/1.1 only. Apple platforms' sessions may negotiate HTTP/2
    /// or 3, which only the metrics tell, so there it is not said.
    static var knownHTTPVersion: String? {
        #if canImport(FoundationNetworking)
            "HTTP/1.1"
        #else
            nil
        #endif
    }

    /// What creates the task for a request: an upload task for a file body, which streams from
    /// disk, else a data task. FoundationNetworking's creation waits for the session's work queue:
    /// on Linux it is called on ``SessionControl/queue`` (see ``makeTask(_:_:)`` and
    /// ``BufferedTask``).
    private func taskMaker(
        _ request: HTTPRequest, body: OutgoingBody?, networkAccess: NetworkAccess
    ) throws -> @Sendable () -> URLSessionTask {
        let urlRequest = try Self.makeURLRequest(request, body: body?.data, networkAccess: networkAccess)
        let session = self.session
        let file = body?.fileURL
        return {
            if let file {
                return session.uploadTask(with: urlRequest, fromFile: file)
            }
            return session.dataTask(with: urlRequest)
        }
    }
}
