#if Demo
    import Courier
    import CourierCombine
    import CourierTesting
    import DemoAPI
    import Dispatch
    import Foundation
    import OpenCombineShim
    import Testing

    /// `APIClient.publisher(for:)` and `sink`, over OpenCombine on Linux.
    @Suite("Combine: RequestPublisher")
    struct RequestPublisherTests {
        struct Text: APIRequest {
            typealias Response = String
            var method: HTTPRequest.Method { .get }
            var path: String { "/text" }
        }

        @Test func sendsNothingBeforeSubscriptionAndOncePerSubscription() async throws {
            let recorder = Recorder(reply: .json(#""hi""#))
            let publisher = recorder.client().publisher(for: Text())
            try await Task.sleep(for: .milliseconds(100))
            #expect(recorder.requests.isEmpty)

            let first = await collect(publisher)
            let second = await collect(publisher)
            #expect(first.values == [#""hi""#])
            #expect(second.values == [#""hi""#])
            #expect(recorder.requests.count == 2)
        }

        @Test func failsWithTypedErrorsAndCompletesOnce() async throws {
            let client = APIClient(
                baseURL: URL(string: "https://api.example.com")!,
                transport: StubTransport { _, _ in .json(#"{"error":"gone"}"#, status: .notFound) }
            )
            let delivery = await collect(client.publisher(for: Text()))
            #expect(delivery.values.isEmpty)
            #expect(delivery.completions == 1)
            #expect(delivery.failure?.kind == .unacceptableStatus)
            #expect(delivery.failure?.status == .notFound)
        }

        @Test(arguments: TransportKind.available)
        func cancellingTheSubscriptionCancelsTheCallOnTheWire(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let slow = RawRequest(path: "/slow-body", query: ["bytes": 100, "interval_ms": 50])
                let received = Locked(0)
                let box = SubscriptionBox()
                box.keep(
                    client.publisher(for: slow).sink(
                        receiveCompletion: { _ in received.withLock { $0 += 1 } },
                        receiveValue: { _ in received.withLock { $0 += 1 } }
                    )
                )
                // Cancel once the server is sending the body (seconds on a machine other tests share).
                var stats = try await client.send(StatsRequest())
                let started = ContinuousClock.now
                while stats.slowBodiesStarted == 0, started.duration(to: .now) < .seconds(15) {
                    try await Task.sleep(for: .milliseconds(50))
                    stats = try await client.send(StatsRequest())
                }
                box.cancel()
                // The server sees the client go away: its next write fails.
                while stats.streamsAbandoned == 0, started.duration(to: .now) < .seconds(30) {
                    try await Task.sleep(for: .milliseconds(50))
                    stats = try await client.send(StatsRequest())
                }
                #expect(stats.streamsAbandoned == 1)
                #expect(stats.streamsCompleted == 0)
                #expect(received.withLock { $0 } == 0)
            }
        }

        @Test func sinkDeliversOnTheRequestedQueueThenCompletesExactlyOnce() async throws {
            let queue = DispatchQueue(label: "test.ui")
            let events = Locked<[String]>([])
            let client = Recorder(reply: .json(#""ok""#)).client()
            let failing = APIClient(
                baseURL: URL(string: "https://api.example.com")!,
                transport: StubTransport { _, _ in throw URLError(.networkConnectionLost) }
            )
            let box = SubscriptionBox()
            let otherBox = SubscriptionBox()
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                box.keep(
                    client.sink(
                        Text(),
                        on: queue,
                        success: { value in
                            dispatchPrecondition(condition: .onQueue(queue))
                            events.withLock { $0.append("success \(value)") }
                        },
                        failure: { _ in events.withLock { $0.append("failure") } },
                        completion: {
                            dispatchPrecondition(condition: .onQueue(queue))
                            events.withLock { $0.append("completion") }
                            otherBox.keep(
                                failing.sink(
                                    Text(),
                                    on: queue,
                                    success: { _ in events.withLock { $0.append("success") } },
                                    failure: { error in events.withLock { $0.append("failure \(error.kind)") } },
                                    completion: {
                                        events.withLock { $0.append("completion") }
                                        done.resume()
                                    }
                                )
                            )
                        }
                    )
                )
            }
            #expect(events.withLock { $0 } == [#"success "ok""#, "completion", "failure transport", "completion"])
        }

        @Test func sinkDefaultsToTheMainQueue() async throws {
            let client = Recorder(reply: .json(#""ok""#)).client()
            let box = SubscriptionBox()
            let onMain = Locked(false)
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                box.keep(
                    client.sink(
                        Text(), success: { _ in },
                        completion: {
                            onMain.withLock { $0 = true }
                            dispatchPrecondition(condition: .onQueue(.main))
                            done.resume()
                        })
                )
            }
            #expect(onMain.withLock { $0 })
        }
    }
#endif
