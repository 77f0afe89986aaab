public import Foundation
public import HTTPTypes

#if Observability
    public import CoreMetrics
    public import Logging
    public import Tracing
#endif

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
        /// ```swift
        /// extension HTTPField.Name { static let appVersion = Self("X-App-Version")! }
        ///
        /// configuration.headers = [.userAgent: "MyApp/4.2", .appVersion: "4.2"]
        /// ```
        public var headers = HTTPFields()

        /// The decoder for responses whose request does not name one.
        public var decoder = JSONDecoder()

        /// The encoder for JSON bodies that do not name one.
        public var encoder = JSONEncoder()

        /// The total time a call may take, including redirects and reading the body, unless the
        /// request sets its own ``APIRequest/timeout``. Defaults to 60 seconds.
        ///
        /// For streams (``APIClient/events(_:lastEventID:reconnection:idleTimeout:)``,
        /// ``APIClient/jsonLines(_:maximumLineLength:idleTimeout:)``) it covers connecting and the
        /// response head; an idle timeout applies after that.
        public var timeout: Duration = .seconds(60)

        /// The clock calls keep time with: their deadlines, retries' back-off, `Retry-After`
        /// waits and a stream's reconnection delay. Defaults to the system's `ContinuousClock`.
        ///
        /// Give a client a clock the test controls (`CourierTesting`'s `ManualClock`) and its
        /// deadline and back-off tests run without waiting. Transports keep the system clock for
        /// their own timers.
        public var clock: any Clock<Duration> = ContinuousClock()

        /// The largest response body, in bytes, a call reads into memory; a larger one fails with
        /// ``APIError/Kind/bodyTooLarge``. Defaults to 10 MiB.
        ///
        /// A compressed body (`Content-Encoding: gzip`) counts with its decompressed size, so a
        /// decompression bomb fails here too. It is the one limit on bodies the client reads into
        /// memory: an error response's body kept in ``APIError/body`` (streams and downloads
        /// included), one event of a Server-Sent Events stream, and a redirect's body, which is
        /// read and dropped. Streamed bodies and downloads have no limit; a JSON Lines stream limits
        /// each line (its `maximumLineLength`).
        public var maximumBodySize = 10 * 1024 * 1024

        /// Whether and how far the client follows redirects. Defaults to ``RedirectPolicy/default``.
        public var redirects = RedirectPolicy.default

        /// The features' settings (``CallFeature``): what a feature module's property of the
        /// configuration stores (`cache`, from `CourierCaching`). The client places each one's step
        /// in its calls' chain.
        package var features = CallFeatures()

        /// The cookies the client keeps and sends; `nil` (the default) for none.
        ///
        /// ```swift
        /// let client = APIClient(baseURL: url) { $0.cookies = CookieJar() }
        /// ```
        ///
        /// A request that sets its own `Cookie` header is sent with that header alone. Cookies go
        /// only where their domain and path say, `Secure` ones only over HTTPS; each hop of a
        /// redirect chain gets the cookies that match it, those the hops before it set included,
        /// until a hop crosses to another origin, from where the chain sends no cookies, as it
        /// sends no other credentials. A `Set-Cookie` on a redirect is kept too. Neither transport
        /// stores or sends cookies of its own (see ``URLSessionTransport/recommendedConfiguration``),
        /// so this is the one place cookies live. Share a jar between clients only when they talk
        /// to the same site on behalf of the same user.
        public var cookies: CookieJar?

        /// What is hidden of requests in ``APIError`` descriptions and logs. Defaults to
        /// ``Redaction/standard``.
        public var redaction = Redaction.standard

        #if Observability
            /// Where the client and its interceptors log. Defaults to a logger that discards
            /// everything; pass your application's. With the `Observability` trait, on by default.
            public var logger = Logger(label: "Courier", factory: { _ in SwiftLogNoOpLogHandler() })

            /// Where the client records its metrics: a counter and a timer of calls, and counters of
            /// retries, credential refreshes and bodies past the size limit (see <doc:Observability>).
            ///
            /// Defaults to `MetricsSystem.factory` as the application bootstrapped it when the
            /// configuration was made. With the no-op factory (nothing bootstrapped) the client records
            /// nothing and costs nothing. With the `Observability` trait, on by default.
            public var metricsFactory: any MetricsFactory = MetricsSystem.factory

            /// The tracer the client records its spans with (one per call, one per request sent) and
            /// injects trace context into outgoing requests with (see <doc:Observability>).
            ///
            /// Defaults to `InstrumentationSystem.tracer` as the application bootstrapped it when the
            /// configuration was made. With the no-op tracer the client starts no span and injects
            /// nothing. With the `Observability` trait, on by default.
            public var tracer: any Tracer = InstrumentationSystem.tracer
        #endif

        /// The last base URL parsed, this client's own.
        let origins = OriginCache()

        /// Where the client, its features and the outbox log: ``logger``, with the
        /// `Observability` trait.
        package var log: CallLog {
            #if Observability
                CallLog(logger)
            #else
                CallLog()
            #endif
        }

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
