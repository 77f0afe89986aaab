public import CoreMetrics
public import Foundation
import HTTPTypes
public import Logging
public import Tracing

extension APIClient {
    /// How a client behaves: where it sends, through what, and within which limits.
    public struct Configuration: Sendable {
        /// The URL request paths are relative to. A request's own ``APIRequest/baseURL`` wins.
        ///
        /// Its path is kept as a prefix: with `https://host/api/v2`, the path `/users` is sent as
        /// `/api/v2/users`. It must be `http` or `https`, and must not carry credentials, a query
        /// or a fragment.
        public var baseURL: URL?

        /// What carries the bytes.
        public var transport: any Transport

        /// The interceptors every call passes through, in order on the way out.
        public var interceptors: [any Interceptor]

        /// Header fields sent with every request; a request's own ``APIRequest/headers`` win.
        ///
        /// Spelled as a request's headers are: `HTTPFields`, or a `[String: String]` literal.
        ///
        /// ```swift
        /// configuration.headers = ["X-App-Version": "4.2"]
        /// configuration.headers = HTTPFields([HTTPField(name: .userAgent, value: "MyApp/4.2")])
        /// ```
        ///
        /// Names and values are checked before anything is sent: an invalid one fails the call
        /// with ``APIError/Kind/invalidRequest``.
        public var headers: any HeaderFieldsConvertible = HTTPFields()

        /// The decoder for responses whose request does not name one.
        public var decoder = JSONDecoder()

        /// The encoder for JSON bodies that do not name one.
        public var encoder = JSONEncoder()

        /// The total time a call may take, including redirects and reading the body, unless the
        /// request sets its own ``APIRequest/timeout``. Defaults to 60 seconds.
        public var timeout: Duration = .seconds(60)

        /// The largest response body, in bytes, a call reads into memory; a larger one fails with
        /// ``APIError/Kind/bodyTooLarge``. Defaults to 10 MiB.
        ///
        /// A compressed body (`Content-Encoding: gzip`) counts with its decompressed size, so a
        /// decompression bomb fails here too.
        public var maximumBodySize = 10 * 1024 * 1024

        /// Whether and how far the client follows redirects. Defaults to ``RedirectPolicy/default``.
        public var redirects = RedirectPolicy.default

        /// The HTTP cache for `GET` and `HEAD` calls, with conditional requests and the coalescing of
        /// identical calls in flight; `nil` (the default) for none.
        ///
        /// The client runs it after every interceptor, just above redirects and the transport, so
        /// that it sees each request's final header fields (`Authorization` included). Streamed
        /// calls (``APIClient/withBytes(_:progress:_:)``, downloads, events, JSON Lines) bypass it.
        /// See <doc:Caching>.
        public var cache: ResponseCache?

        /// What is hidden of requests in ``APIError`` descriptions and logs. Defaults to
        /// ``Redaction/standard``.
        public var redaction = Redaction.standard

        /// Where the client and its interceptors log. Defaults to a logger that discards
        /// everything; pass your application's.
        public var logger = Logger(label: "Courier", factory: { _ in SwiftLogNoOpLogHandler() })

        /// Where the client records its metrics: a counter and a timer of calls, and counters of
        /// retries, credential refreshes and bodies past the size limit (see <doc:Observability>).
        ///
        /// Defaults to `MetricsSystem.factory` as the application bootstrapped it when the
        /// configuration was made. With the no-op factory (nothing bootstrapped) the client records
        /// nothing and costs nothing.
        public var metricsFactory: any MetricsFactory = MetricsSystem.factory

        /// The tracer the client records its spans with (one per call, one per request sent) and
        /// injects trace context into outgoing requests with (see <doc:Observability>).
        ///
        /// Defaults to `InstrumentationSystem.tracer` as the application bootstrapped it when the
        /// configuration was made. With the no-op tracer the client starts no span and injects
        /// nothing.
        public var tracer: any Tracer = InstrumentationSystem.tracer

        /// The last base URL parsed, this client's own.
        let origins = OriginCache()

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - baseURL: The URL request paths are relative to.
        ///   - transport: What carries the bytes.
        ///   - interceptors: The interceptors every call passes through, in order.
        public init(
            baseURL: URL? = nil,
            transport: any Transport = APIClient.defaultTransport,
            interceptors: [any Interceptor] = []
        ) {
            self.baseURL = baseURL
            self.transport = transport
            self.interceptors = interceptors
        }
    }
}
