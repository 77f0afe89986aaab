#if Demo
    import Courier
    import CourierCombine
    import CourierOpenAPI
    import DemoAPI
    import DemoOpenAPIClient
    import Dispatch
    import Foundation
    import InMemoryTracing
    import Metrics
    import MetricsTestKit
    import OpenCombineShim
    import Testing
    import Tracing

    /// Every verb is one call through the client's one call path, and every call is observed: counted
    /// by the metrics factory and traced (a call span with a span per request sent), whatever the verb
    /// and the transport. (RxCourier's adapters are `send` underneath; RxSwift cannot be fetched here.)
    @Suite("Wire: every verb is observed")
    struct WireObservedVerbsTests {
        /// A tracer and a metrics factory of a test's own, and a client over `kind` reporting to them.
        struct Observed {
            let tracer = W3CTestTracer()
            let metrics = TestMetrics()
            let client: APIClient

            init(_ kind: TransportKind, _ baseURL: URL) {
                let (tracer, metrics) = (tracer, metrics)
                client = makeClient(kind, baseURL: baseURL) {
                    $0.tracer = tracer
                    $0.metricsFactory = metrics
                }
            }

            /// Expects `count` finished calls of `name`: counted with their outcome, each with a call
            /// span and, under it, a span for the request it sent.
            func expectCalls(
                _ name: String, method: String = "GET", count: Int = 1, outcome: String = "success",
                sourceLocation: SourceLocation = #_sourceLocation
            ) {
                let counted = metrics.counters(label: "courier.requests").filter { counter in
                    counter.dimensions.contains { $0 == ("request", name) }
                        && counter.dimensions.contains { $0 == ("outcome", outcome) }
                }
                #expect(
                    counted.map(\.totalValue).reduce(0, +) == Int64(count), "courier.requests for \(name)",
                    sourceLocation: sourceLocation)
                let spans: [FinishedInMemorySpan] = tracer.finishedSpans
                let calls = spans.filter { (span: FinishedInMemorySpan) in span.operationName == "\(method) \(name)" }
                #expect(
                    calls.count == count, "call spans: \(spans.map { $0.operationName })",
                    sourceLocation: sourceLocation)
                for call in calls {
                    let attempts = spans.filter { (span: FinishedInMemorySpan) in span.parentSpanID == call.spanID }
                    #expect(attempts.map { $0.operationName } == [method], sourceLocation: sourceLocation)
                }
            }
        }

        static func temporaryFile() -> URL {
            FileManager.default.temporaryDirectory.appendingPathComponent("courier-observed-\(UUID().uuidString)")
        }

        @Test(arguments: TransportKind.available)
        func send(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let observed = Observed(kind, baseURL)
                _ = try await observed.client.send(StatsRequest())
                observed.expectCalls("StatsRequest")
            }
        }

        @Test(arguments: TransportKind.available)
        func responseFor(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let observed = Observed(kind, baseURL)
                let response = try await observed.client.response(for: StatsRequest())
                #expect(response.report?.attempts.count == 1)
                observed.expectCalls("StatsRequest")
            }
        }

        @Test(arguments: TransportKind.available)
        func upload(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let observed = Observed(kind, baseURL)
                let request = EchoRequest(method: .post, body: .data(Data(repeating: 7, count: 4096)))
                _ = try await observed.client.upload(request) { _ in }
                observed.expectCalls("EchoRequest", method: "POST")
            }
        }

        @Test(arguments: TransportKind.available)
        func completionHandler(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let observed = Observed(kind, baseURL)
                let queue = DispatchQueue(label: "test.completion")
                let result = await withCheckedContinuation { continuation in
                    observed.client.send(StatsRequest(), queue: queue) { continuation.resume(returning: $0) }
                }
                _ = try result.get()
                observed.expectCalls("StatsRequest")
            }
        }

        @Test(arguments: TransportKind.available)
        func publisher(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let observed = Observed(kind, baseURL)
                let delivery = await collect(observed.client.publisher(for: StatsRequest()))
                #expect(delivery.values.count == 1 && delivery.failure == nil)
                observed.expectCalls("StatsRequest")
            }
        }

        @Test(arguments: TransportKind.available)
        func withBytes(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let observed = Observed(kind, baseURL)
                let count = try await observed.client.withBytes(RawRequest(path: "/bytes", query: ["count": 5000])) {
                    _, body in
                    var count = 0
                    for try await chunk in body { count += chunk.count }
                    return count
                }
                #expect(count == 5000)
                observed.expectCalls("RawRequest")
            }
        }

        @Test(arguments: TransportKind.available)
        func download(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let observed = Observed(kind, baseURL)
                let file = Self.temporaryFile()
                defer { try? FileManager.default.removeItem(at: file) }
                try await observed.client.download(RawRequest(path: "/bytes", query: ["count": 5000]), to: file)
                observed.expectCalls("RawRequest")
            }
        }

        /// A download's resumptions are requests of its one call: one call counted and traced, with a
        /// span per request sent under it.
        @Test(arguments: TransportKind.available)
        func resumedDownload(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let observed = Observed(kind, baseURL)
                let file = Self.temporaryFile()
                defer { try? FileManager.default.removeItem(at: file) }
                let request = WireResumeTests.file(300_000, ["cuts": 2, "cut_after": 100_000])
                try await observed.client.download(request, to: file, options: WireResumeTests.options)
                let counted = observed.metrics.counters(label: "courier.requests").filter { counter in
                    counter.dimensions.contains { $0 == ("request", "RawRequest") }
                }
                #expect(counted.map(\.totalValue).reduce(0, +) == 1)
                let spans: [FinishedInMemorySpan] = observed.tracer.finishedSpans
                let calls = spans.filter { (span: FinishedInMemorySpan) in span.operationName == "GET RawRequest" }
                #expect(calls.count == 1)
                let attempts = spans.filter { (span: FinishedInMemorySpan) in span.parentSpanID == calls.first?.spanID }
                #expect(attempts.map { $0.operationName } == ["GET", "GET", "GET"])
            }
        }

        @Test(arguments: TransportKind.available)
        func events(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let observed = Observed(kind, baseURL)
                var count = 0
                let stream = observed.client.events(
                    WireStreamTests.TokensRequest(query: ["count": 3]), reconnection: .never)
                for try await _ in stream { count += 1 }
                #expect(count == 3)
                observed.expectCalls("TokensRequest")
            }
        }

        @Test(arguments: TransportKind.available)
        func jsonLines(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let observed = Observed(kind, baseURL)
                var count = 0
                for try await _ in observed.client.jsonLines(WireStreamTests.ExportRequest(query: ["count": 3])) {
                    count += 1
                }
                #expect(count == 3)
                observed.expectCalls("ExportRequest")
            }
        }

        @Test(arguments: TransportKind.available)
        func pages(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let observed = Observed(kind, baseURL)
                var count = 0
                for try await _ in observed.client.pages(
                    WireStreamTests.ItemsRequest(), pagination: WireStreamTests.byLink)
                {
                    count += 1
                }
                #expect(count > 1)
                observed.expectCalls("ItemsRequest", count: count)
            }
        }

        @Test(arguments: TransportKind.available)
        func openAPIOperation(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let tracer = W3CTestTracer()
                let metrics = TestMetrics()
                let client = makeOpenAPIClient(kind, baseURL: baseURL) {
                    $0.tracer = tracer
                    $0.metricsFactory = metrics
                }
                _ = try await client.listTodos().ok.body.json
                let counted = metrics.counters(label: "courier.requests").filter { counter in
                    counter.dimensions.contains { $0 == ("request", "listTodos") }
                }
                #expect(counted.map(\.totalValue).reduce(0, +) == 1)
                #expect(tracer.finishedSpans.contains { $0.operationName == "GET listTodos" })
            }
        }
    }
#endif
