#if Demo
    import Courier
    import CourierCombine
    import DemoAPI
    import Dispatch
    import Foundation
    import OpenCombineShim
    import Testing

    /// Events, JSON lines and pages as Combine publishers, over OpenCombine on Linux, against the demo
    /// API.
    @Suite("Combine: StreamPublisher")
    struct StreamPublisherTests {
        typealias Wire = WireStreamTests

        @Test func eventsArriveInOrderAcrossADroppedConnection() async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(.asyncHTTPClient, baseURL: baseURL)
                let request = Wire.TokensRequest(query: ["count": 100, "drop_after": 60, "retry_ms": 20])
                let delivery = await collect(client.eventsPublisher(for: request).eraseToAnyPublisher())
                #expect(delivery.values.map(\.data.index) == Array(0..<100))
                #expect(delivery.completions == 1)
                #expect(delivery.failure == nil)
            }
        }

        @Test func jsonLinesArriveAndAMalformedLineFailsWithItsNumber() async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(.asyncHTTPClient, baseURL: baseURL)
                let good = await collect(
                    client.jsonLinesPublisher(for: Wire.ExportRequest(query: ["count": 50])).eraseToAnyPublisher())
                #expect(good.values.map(\.n) == Array(1...50))
                #expect(good.failure == nil)
                let bad = await collect(
                    client.jsonLinesPublisher(for: Wire.ExportRequest(query: ["count": 50, "bad_line": 10]))
                        .eraseToAnyPublisher())
                #expect(bad.values.count == 9)
                #expect(bad.failure?.kind == .decoding)
                #expect(bad.failure?.message.contains("Line 10") == true)
            }
        }

        @Test func pagesArriveOnceEach() async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(.asyncHTTPClient, baseURL: baseURL)
                let delivery = await collect(
                    client.pagesPublisher(for: Wire.ItemsRequest(), pagination: Wire.byLink).eraseToAnyPublisher())
                #expect(delivery.values.count == 10)
                #expect(delivery.completions == 1)
            }
        }

        /// Back-pressure: a subscriber that asks for three values gets three, and cancelling closes
        /// the stream (the server sees it leave).
        @Test func demandBoundsWhatIsReadAndCancellingClosesTheStream() async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(.asyncHTTPClient, baseURL: baseURL)
                let request = Wire.TokensRequest(query: ["count": 1000, "interval_ms": 5])
                let received = Locked<[Int]>([])
                let subscriber = DemandOf3(received: received)
                client.eventsPublisher(for: request).subscribe(subscriber)
                for _ in 0..<100 where received.withLock({ $0.count }) < 3 {
                    try await Task.sleep(for: .milliseconds(20))
                }
                try await Task.sleep(for: .milliseconds(200))
                #expect(received.withLock { $0 } == [0, 1, 2])
                subscriber.cancel()
                var abandoned = 0
                for _ in 0..<100 where abandoned == 0 {
                    try await Task.sleep(for: .milliseconds(20))
                    abandoned = try await client.send(StatsRequest()).streamsAbandoned
                }
                #expect(abandoned == 1)
            }
        }

        /// Asks for three values, then nothing more.
        // @unchecked Sendable: `subscription` is written once, under the lock.
        final class DemandOf3: Subscriber, @unchecked Sendable {
            typealias Input = ServerSentEvent<StreamRoutes.Token>
            typealias Failure = APIError
            let received: Locked<[Int]>
            private let subscription = Locked<(any Subscription)?>(nil)

            init(received: Locked<[Int]>) {
                self.received = received
            }

            func receive(subscription: any Subscription) {
                self.subscription.withLock { $0 = subscription }
                subscription.request(.max(3))
            }

            func receive(_ input: Input) -> Subscribers.Demand {
                received.withLock { $0.append(input.data.index) }
                return .none
            }

            func receive(completion: Subscribers.Completion<APIError>) {}

            func cancel() {
                subscription.withLock { $0?.cancel() }
            }
        }
    }
#endif
