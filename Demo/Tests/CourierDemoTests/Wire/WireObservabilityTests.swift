#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import InMemoryTracing
    import Metrics
    import MetricsTestKit
    import Testing
    import Tracing

    /// Metrics, spans and the call report for a call that is redirected, refreshed once and retried
    /// once, over every transport against the demo API. The tracer and the metrics factory are passed
    /// to the client, never bootstrapped, so these tests run beside the others in one process.
    @Suite("Wire: observability")
    struct WireObservabilityTests {
        /// `/redirect` to `/observed`, which wants a `fresh…` token and fails once with `503`; with a
        /// secret query parameter that must never show.
        struct Observed: APIRequest {
            typealias Response = Echo
            var method: HTTPRequest.Method { .get }
            var key = UUID().uuidString
            var path: String { "/redirect" }
            var query: QueryParameters {
                ["to": "/observed?key=\(key)&failures=1", "api_key": "s3cret-3"]
            }
        }

        struct Failing: APIRequest {
            typealias Response = Echo
            var method: HTTPRequest.Method { .get }
            var path: String { "/status/500" }
        }

        static let secrets = ["s3cret"]

        func makeObservedClient(
            _ kind: TransportKind, baseURL: URL, tracer: W3CTestTracer, metrics: TestMetrics
        ) -> APIClient {
            let refreshing = RefreshingAuthorizationInterceptor.bearer(
                initial: BearerCredential(accessToken: "stale-s3cret-1")
            ) { _ in BearerCredential(accessToken: "fresh-s3cret-2") }
            return makeClient(kind, baseURL: baseURL) {
                $0.interceptors = [RetryInterceptor(budget: nil, random: { 0 }), refreshing]
                $0.tracer = tracer
                $0.metricsFactory = metrics
            }
        }

        @Test(arguments: TransportKind.available)
        func reportListsEveryRequestOfARedirectedRefreshedAndRetriedCall(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeObservedClient(kind, baseURL: baseURL, tracer: W3CTestTracer(), metrics: TestMetrics())
                let response = try await client.response(for: Observed())
                let report = try #require(response.report)
                #expect(report.requestName == "Observed")
                #expect(report.attempts.map(\.reason) == [.first, .redirect, .refresh, .redirect, .retry, .redirect])
                #expect(report.attempts.map { $0.status?.code } == [302, 401, 302, 503, 302, 200])
                #expect(report.attempts.allSatisfy { $0.duration > .zero && $0.errorKind == nil })
                #expect(report.redirects.count == 3)
                #expect(report.redirects.allSatisfy { $0.hasPrefix(baseURL.absoluteString + "/observed?") })
                #expect(report.attempts.first?.url.hasPrefix(baseURL.absoluteString + "/redirect?") == true)
                #expect(report.refreshed)
                #expect(report.retries == 1)
                #expect(report.cacheOutcome == nil)
                #expect(report.bytesSent == 0)
                #expect(report.bytesReceived >= Int64(response.body.count) && response.body.count > 0)
                #expect(report.duration >= report.attempts.reduce(.zero) { $0 + $1.duration })
                let text = "\(report)"
                for secret in Self.secrets {
                    #expect(!text.contains(secret), "\(secret) leaked into the report: \(text)")
                }
            }
        }

        @Test(arguments: TransportKind.available)
        func spansFormATreeWithHTTPAttributesAndTheTraceContextReachesTheServer(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let tracer = W3CTestTracer()
                let client = makeObservedClient(kind, baseURL: baseURL, tracer: tracer, metrics: TestMetrics())
                let echo = try await client.send(Observed())
                let spans = tracer.finishedSpans
                #expect(spans.count == 7)
                let call = try #require(spans.first { $0.operationName == "GET Observed" })
                let attempts = spans.filter { $0.spanID != call.spanID }
                #expect(call.parentSpanID == nil)
                #expect(call.kind == .client)
                #expect(call.status == nil)
                #expect(call.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
                #expect(call.attributes["courier.attempts"]?.toSpanAttribute() == .int64(6))
                #expect(attempts.count == 6)
                #expect(attempts.allSatisfy { $0.parentSpanID == call.spanID && $0.traceID == call.traceID })
                #expect(attempts.allSatisfy { $0.operationName == "GET" && $0.kind == .client })
                let ordered = attempts.sorted { resendCount(of: $0) < resendCount(of: $1) }
                #expect(ordered.map { resendCount(of: $0) } == [0, 1, 2, 3, 4, 5])
                #expect(
                    ordered.map { $0.attributes["http.response.status_code"]?.toSpanAttribute() }
                        == [.int64(302), .int64(401), .int64(302), .int64(503), .int64(302), .int64(200)])
                let urls = ordered.map { span -> String in
                    guard case .string(let url) = span.attributes["url.full"]?.toSpanAttribute() else { return "" }
                    return url
                }
                #expect(
                    zip(urls, [0, 1, 2, 3, 4, 5]).allSatisfy { url, index in
                        url.hasPrefix(baseURL.absoluteString + (index.isMultiple(of: 2) ? "/redirect?" : "/observed?"))
                    }, "\(urls)")
                #expect(
                    ordered.map { $0.attributes["courier.attempt.reason"]?.toSpanAttribute() } == [
                        "first", "redirect", "refresh", "redirect", "retry", "redirect",
                    ])
                for span in spans {
                    #expect(span.attributes["http.request.method"]?.toSpanAttribute() == "GET")
                    #expect(span.attributes["server.address"]?.toSpanAttribute() == "127.0.0.1")
                    #expect(span.attributes["server.port"]?.toSpanAttribute() == .int64(Int64(baseURL.port!)))
                }
                // The refused and the failed requests are marked as errors, with their status as the type.
                #expect(ordered[1].status?.code == .error)
                #expect(ordered[1].attributes["error.type"]?.toSpanAttribute() == "401")
                #expect(ordered[3].status?.code == .error)
                #expect(ordered[3].attributes["error.type"]?.toSpanAttribute() == "503")
                #expect(ordered[5].status == nil && ordered[5].attributes["error.type"] == nil)
                // The last request's trace context reached the server.
                let last = ordered[5]
                #expect(echo.headers["traceparent"] == "00-\(last.traceID)-\(last.spanID)-01")
                expectNoSecret(in: spans)
            }
        }

        @Test(arguments: TransportKind.available)
        func metricsCountTheCallItsRetryAndItsRefresh(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let metrics = TestMetrics()
                let client = makeObservedClient(kind, baseURL: baseURL, tracer: W3CTestTracer(), metrics: metrics)
                _ = try await client.send(Observed())
                let dimensions = [
                    ("request", "Observed"), ("method", "GET"), ("status_class", "2xx"), ("outcome", "success"),
                ]
                let requests = try metrics.expectCounter("courier.requests", dimensions)
                #expect(requests.totalValue == 1)
                let timer = try metrics.expectTimer("courier.request.duration", dimensions)
                #expect(timer.values.count == 1 && timer.values[0] > 0)
                let call = [("request", "Observed"), ("method", "GET")]
                let retries = try metrics.expectCounter("courier.retries", call)
                let refreshes = try metrics.expectCounter("courier.refreshes", call)
                #expect(retries.totalValue == 1)
                #expect(refreshes.totalValue == 1)
                #expect(metrics.counters.count == 3)  // no body-limit hit
                for counter in metrics.counters {
                    for (name, value) in counter.dimensions {
                        #expect(!value.contains("s3cret") && !value.contains("/"), "dimension \(name)=\(value)")
                    }
                }
            }
        }

        @Test(arguments: TransportKind.available)
        func aFailedCallIsAnErrorSpanAndCountsItsOutcome(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let tracer = W3CTestTracer()
                let metrics = TestMetrics()
                let client = makeClient(kind, baseURL: baseURL) {
                    $0.tracer = tracer
                    $0.metricsFactory = metrics
                }
                let error = await #expect(throws: APIError.self) { try await client.send(Failing()) }
                #expect(error?.kind == .unacceptableStatus)
                let spans = tracer.finishedSpans
                #expect(spans.count == 2)
                for span in spans {
                    #expect(span.status?.code == .error)
                    #expect(span.attributes["error.type"]?.toSpanAttribute() == "500")
                    #expect(span.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(500))
                }
                let dimensions = [
                    ("request", "Failing"), ("method", "GET"), ("status_class", "5xx"),
                    ("outcome", "unacceptableStatus"),
                ]
                let requests = try metrics.expectCounter("courier.requests", dimensions)
                #expect(requests.totalValue == 1)
            }
        }

        @Test(arguments: TransportKind.available)
        func aBodyPastTheLimitCountsAsABodyLimitHit(_ kind: TransportKind) async throws {
            struct Big: APIRequest {
                typealias Response = Data
                var method: HTTPRequest.Method { .get }
                var path: String { "/bytes" }
                var query: QueryParameters { ["count": 4096] }
            }
            try await DemoServer.withRunning { baseURL in
                let metrics = TestMetrics()
                let tracer = W3CTestTracer()
                let client = makeClient(kind, baseURL: baseURL) {
                    $0.maximumBodySize = 1024
                    $0.metricsFactory = metrics
                    $0.tracer = tracer
                }
                let error = await #expect(throws: APIError.self) { try await client.send(Big()) }
                #expect(error?.kind == .bodyTooLarge)
                let hits = try metrics.expectCounter(
                    "courier.body_limit_hits", [("request", "Big"), ("method", "GET")])
                #expect(hits.totalValue == 1)
                #expect(
                    tracer.finishedSpans.allSatisfy { $0.attributes["error.type"]?.toSpanAttribute() == "bodyTooLarge" }
                )
            }
        }

        private func resendCount(of span: FinishedInMemorySpan) -> Int64 {
            guard case .int64(let count) = span.attributes["http.request.resend_count"]?.toSpanAttribute() else {
                return 0
            }
            return count
        }

        private func expectNoSecret(in spans: [FinishedInMemorySpan]) {
            for span in spans {
                let attributes = String(describing: span.attributes)
                #expect(attributes.contains("url.full"))  // the description shows the attributes
                for secret in Self.secrets {
                    #expect(!attributes.contains(secret), "\(secret) leaked into \(span.operationName): \(attributes)")
                }
                let message: String? = span.status?.message
                #expect(message?.contains("s3cret") != true)
            }
        }
    }
#endif
