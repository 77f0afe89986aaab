#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// The deadline, the body limit and cancellation, over every transport.
    @Suite("Wire: deadline, body limit, cancellation")
    struct WireLimitTests {
        @Test(arguments: TransportKind.available)
        func deadlineCoversASlowBody(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                // The head arrives at once; the 600-byte body would take 10 minutes.
                let request = RawRequest(
                    path: "/slow-body", query: ["bytes": 600, "interval_ms": 1000], timeout: .milliseconds(800))
                let started = ContinuousClock.now
                let error = await #expect(throws: APIError.self) { try await client.send(request) }
                #expect(error?.kind == .timeout)
                #expect(started.duration(to: .now) >= .milliseconds(750))  // not before the deadline
                // The client left while the body was under way: the server, not this test's clock, says
                // so (a late answer would be a timeout too).
                let stats = try await statsOnceStreamsEnded(client)
                #expect(stats.streamsCompleted == 0)
                #expect(stats.streamsAbandoned == stats.slowBodiesStarted)
            }
        }

        /// The server answers after ten minutes: a call that ends at all ended at its deadline (the
        /// time limit only stops a test that would hang).
        @Test(.timeLimit(.minutes(3)), arguments: TransportKind.available)
        func deadlineCoversASlowHead(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL) { $0.timeout = .milliseconds(300) }
                let error = await #expect(throws: APIError.self) {
                    try await client.send(RawRequest(path: "/delay", query: ["ms": 600_000]))
                }
                #expect(error?.kind == .timeout)
            }
        }

        @Test(arguments: TransportKind.available, [false, true])
        func bodyLargerThanTheLimitFails(_ kind: TransportKind, chunked: Bool) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL) { $0.maximumBodySize = 256 * 1024 }
                let fits = try await client.send(
                    RawRequest(path: "/bytes", query: ["count": 256 * 1024, "chunked": chunked ? "1" : "0"]))
                #expect(fits.count == 256 * 1024)

                let error = await #expect(throws: APIError.self) {
                    try await client.send(
                        RawRequest(path: "/bytes", query: ["count": 4 * 1024 * 1024, "chunked": chunked ? "1" : "0"]))
                }
                #expect(error?.kind == .bodyTooLarge)
                #expect(error?.status == .ok)
            }
        }

        @Test(arguments: TransportKind.available)
        func bodyAbandonedAtTheLimitStopsDownloading(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL) { $0.maximumBodySize = 256 * 1024 }
                // Paced (1 ms a 64 KiB chunk) so that the server cannot count the body sent by queueing
                // it all in its writer: sending it all takes at least 16 s.
                let huge = RawRequest(path: "/bytes", query: ["count": 1 << 30, "chunked": "1", "pace_ms": 1])
                let error = await #expect(throws: APIError.self) { try await client.send(huge) }
                #expect(error?.kind == .bodyTooLarge)
                // The server sees the client go away long before 1 GiB could have been sent.
                var stats = try await client.send(StatsRequest())
                let started = ContinuousClock.now
                while stats.streamsAbandoned == 0, started.duration(to: .now) < .seconds(15) {
                    try await Task.sleep(for: .milliseconds(50))
                    stats = try await client.send(StatsRequest())
                }
                #expect(stats.streamsAbandoned == 1)
                #expect(stats.streamsCompleted == 0)
            }
        }

        /// The server answers after ten minutes: a call not ended by its cancellation would end at
        /// its 60 s deadline as a timeout. The kind says which, not this test's clock.
        @Test(arguments: TransportKind.available)
        func cancellingTheTaskCancelsTheCallPromptly(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let call = Task { () async throws(APIError) -> Data in
                    try await client.send(RawRequest(path: "/delay", query: ["ms": 600_000]))
                }
                try await Task.sleep(for: .milliseconds(200))
                call.cancel()
                let result = await call.result
                let error = #expect(throws: APIError.self) { try result.get() }
                #expect(error?.kind == .cancelled)
            }
        }

        @Test(arguments: TransportKind.available)
        func cancellingDuringTheBodyCancelsTheCall(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                // 1,200 bytes, one each 500 ms: ten minutes of body.
                let call = Task { () async throws(APIError) -> Data in
                    try await client.send(RawRequest(path: "/slow-body", query: ["bytes": 1200, "interval_ms": 500]))
                }
                try await waitForSlowBodies(client)
                call.cancel()
                let result = await call.result
                let error = #expect(throws: APIError.self, "a cancelled call must not return a truncated body") {
                    try result.get()
                }
                #expect(error?.kind == .cancelled)
                // The client left while the body was under way: the server says so, not this test's clock.
                let stats = try await statsOnceStreamsEnded(client)
                #expect(stats.streamsCompleted == 0)
                #expect(stats.streamsAbandoned == stats.slowBodiesStarted)
            }
        }

        @Test(arguments: TransportKind.available)
        func refusedConnectionFailsFastAsTransportError(_ kind: TransportKind) async throws {
            // Port 9 on loopback: nothing listens there. A refusal that were retried until the
            // deadline would end as a timeout; the kind, not this test's clock, says it was not.
            let client = makeClient(kind, baseURL: URL(string: "http://127.0.0.1:9")!)
            let error = await #expect(throws: APIError.self) { try await client.send(RawRequest(path: "/")) }
            #expect(error?.kind == .transport)
            #expect(error?.underlying != nil)
        }
    }
#endif
