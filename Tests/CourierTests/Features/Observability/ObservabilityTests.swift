// Tracer and metrics: the `Observability` trait (on by default, and with `Demo`).
#if Observability
    import Courier
    import CourierTesting
    import Foundation
    import InMemoryTracing
    import Metrics
    import MetricsTestKit
    import Testing
    import Tracing

    #if CourierNIO
        import AsyncHTTPClient
    #endif

    /// Metrics and spans over stubs, with the tracer and factory passed to the client (never
    /// bootstrapped: the tests share one process).
    @Suite("Observability")
    struct ObservabilityTests {
        let baseURL = URL(string: "https://api.example.com:8443/v1")!

        func client(
            _ transport: any Transport, tracer: any Tracer = NoOpTracer(),
            metrics: any MetricsFactory = NOOPMetricsHandler.instance
        ) -> APIClient {
            APIClient(baseURL: baseURL, transport: transport) {
                $0.tracer = tracer
                $0.metricsFactory = metrics
            }
        }

        @Test func aConfigurationTakesTheBootstrappedNoOpsByDefault() {
            let configuration = APIClient.Configuration()
            #expect(configuration.tracer is NoOpTracer)
            #expect(configuration.metricsFactory is NOOPMetricsHandler)
        }

        #if CourierNIO
            /// Courier owns the spans: AsyncHTTPClient's own would double every request's.
            @Test func theRecommendedAsyncHTTPClientConfigurationTracesNothingItself() {
                #expect(AsyncHTTPClientTransport.recommendedConfiguration.tracing.tracer == nil)
            }
        #endif

        @Test func aCallRecordsACounterAndATimerWithBoundedDimensions() async throws {
            let metrics = TestMetrics()
            let client = client(StubTransport { _, _ in .json("{}") }, metrics: metrics)
            _ = try await client.send(StubRequest(query: ["id": "12345"]))
            let dimensions = [
                ("request", "StubRequest"), ("method", "GET"), ("status_class", "2xx"), ("outcome", "success"),
            ]
            #expect(try metrics.expectCounter("courier.requests", dimensions).totalValue == 1)
            #expect(try metrics.expectTimer("courier.request.duration", dimensions).values.count == 1)
            #expect(metrics.counters.count == 1)
        }

        @Test func aTransportFailureCountsWithNoStatusClass() async throws {
            struct Refused: Error {}
            let metrics = TestMetrics()
            let client = client(StubTransport { _, _ in throw Refused() }, metrics: metrics)
            await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
            let dimensions = [
                ("request", "StubRequest"), ("method", "GET"), ("status_class", "none"), ("outcome", "transport"),
            ]
            #expect(try metrics.expectCounter("courier.requests", dimensions).totalValue == 1)
        }

        @Test func retriesAreCountedOncePerRetry() async throws {
            let metrics = TestMetrics()
            let client = APIClient(
                baseURL: baseURL,
                transport: StubTransport.sequence([
                    .status(.serviceUnavailable), .status(.serviceUnavailable), .json("{}"),
                ]
                ),
                interceptors: [RetryInterceptor(budget: nil, random: { 0 })]
            ) { $0.metricsFactory = metrics }
            _ = try await client.send(StubRequest())
            #expect(
                try metrics.expectCounter("courier.retries", [("request", "StubRequest"), ("method", "GET")]).totalValue
                    == 2)
        }

        @Test func aSpanPerCallAndPerRequestWithRedactedURLAndInjectedContext() async throws {
            let tracer = InMemoryTracer()
            let seen = Locked<[HTTPFields]>([])
            let transport = StubTransport { request, _ in
                seen.withLock { $0.append(request.headerFields) }
                return request.path?.hasPrefix("/v1/start") == true
                    ? .init(status: .found, headerFields: [.location: "/v1/final?token=s3cret"])
                    : .json("{}")
            }
            let client = client(transport, tracer: tracer)
            _ = try await client.send(
                StubRequest(path: "/start", query: ["api_key": "s3cret"], headers: [.authorization: "Bearer s3cret"]))
            let spans = tracer.finishedSpans
            #expect(spans.count == 3)
            let call = try #require(spans.first { $0.operationName == "GET StubRequest" })
            let requests = spans.filter { $0.parentSpanID == call.spanID }
            #expect(requests.count == 2)
            #expect(requests.allSatisfy { $0.operationName == "GET" && $0.kind == .client })
            for span in spans {
                #expect(span.attributes["server.address"]?.toSpanAttribute() == "api.example.com")
                #expect(span.attributes["server.port"]?.toSpanAttribute() == .int64(8443))
                let attributes = String(describing: span.attributes)
                #expect(attributes.contains("url.full"))  // the description shows every attribute
                #expect(!attributes.contains("s3cret"), "\(attributes)")
            }
            // Each request carried its own span's context.
            let injected = seen.withLock { $0 }.compactMap { $0[HTTPField.Name(InMemoryTracer.spanIDKey)!] }
            #expect(Set(injected) == Set(requests.map(\.spanID)))
        }

        /// Keeps the span context current while it runs.
        struct ContextReader: Interceptor {
            let seen = Locked<String?>(nil)

            func intercept(
                _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
            ) async throws -> InterceptorResponse {
                seen.withLock { $0 = ServiceContext.current?.inMemorySpanContext?.spanID }
                return try await next(request, body)
            }
        }

        @Test func theCallsSpanIsTheCurrentContextOfItsInterceptors() async throws {
            let tracer = InMemoryTracer()
            let reader = ContextReader()
            let client = APIClient(
                baseURL: baseURL, transport: StubTransport { _, _ in .json("{}") }, interceptors: [reader]
            ) {
                $0.tracer = tracer
            }
            _ = try await client.send(StubRequest())
            let call = try #require(tracer.finishedSpans.first { $0.parentSpanID == nil })
            #expect(reader.seen.withLock { $0 } == call.spanID)
        }

        @Test func noSpanAndNoInjectionWithTheNoOpTracer() async throws {
            let seen = Locked<[HTTPFields]>([])
            let transport = StubTransport { request, _ in
                seen.withLock { $0.append(request.headerFields) }
                return .json("{}")
            }
            _ = try await client(transport).send(StubRequest())
            #expect(seen.withLock { $0 }.first?.contains { $0.name.rawName.contains("trace") } == false)
        }
    }
#endif
