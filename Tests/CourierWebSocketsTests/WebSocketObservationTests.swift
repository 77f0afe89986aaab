#if CourierNIO && Observability
    import CourierCore
    import CourierWebSockets
    import Foundation
    import InMemoryTracing
    import MetricsTestKit
    import Testing
    import Tracing

    @Suite("WebSockets: observed like a call")
    struct WebSocketObservationTests {
        /// One span for the socket, each connection's call span its child, an event for the
        /// reconnection; counters of messages and bytes each way.
        @Test func oneSpanAcrossAReconnectionAndCountersEachWay() async throws {
            try await WebSocketTestServer.withRunning { server in
                let tracer = InMemoryTracer()
                let metrics = TestMetrics()
                let client = APIClient(baseURL: server.baseURL, transport: AsyncHTTPClientTransport.shared) {
                    $0.tracer = tracer
                    $0.metricsFactory = metrics
                }
                let last = Locked(0)
                try await client.withWebSocket(
                    NumbersSocket(query: ["count": 30, "drop": 10, "id": UUID().uuidString]),
                    options: WebSocketOptions(reconnection: WebSocketReconnectionTests.policy),
                    onReconnect: { try await $0.send(Resume(resume: last.withLock { $0 })) }
                ) { socket in
                    try await socket.send(Resume(resume: 0))
                    for try await number in socket.messages {
                        last.withLock { $0 = number.n }
                        if number.n == 30 { break }
                    }
                }
                let spans = tracer.finishedSpans
                let socket = try #require(spans.first { $0.operationName == "WebSocket NumbersSocket" })
                let connections = spans.filter { $0.parentSpanID == socket.spanID }
                #expect(connections.count == 2, "\(spans.map(\.operationName))")
                #expect(connections.allSatisfy { $0.operationName == "GET NumbersSocket" })
                #expect(socket.events.map(\.name) == ["courier.reconnect"])
                let received = [("request", "NumbersSocket"), ("direction", "in")]
                let sent = [("request", "NumbersSocket"), ("direction", "out")]
                #expect(try metrics.expectCounter("courier.stream.messages", received).totalValue == 30)
                #expect(try metrics.expectCounter("courier.stream.messages", sent).totalValue == 2)
                #expect(try metrics.expectCounter("courier.stream.bytes", sent).totalValue > 0)
            }
        }
    }
#endif
