#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// HTTP/2 over TLS with `AsyncHTTPClientTransport`: concurrent calls share one connection, each
    /// call a stream of its own, and cancelling one stream leaves the others be.
    @Suite("TLS: HTTP/2")
    struct HTTP2Tests {
        struct BarrierRequest: APIRequest {
            typealias Response = ConnectionRoutes.Counts
            var method: HTTPRequest.Method { .get }
            var path: String { "/barrier" }
            var count: Int
            var query: QueryParameters { ["n": count] }
        }

        @Test
        func sixtyFourConcurrentCallsAreMultiplexedOnOneConnection() async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await withHTTPSServer(authority, version: .http2) { baseURL, connections in
                try await withTLSTransport(clientTLSConfiguration(trusting: authority)) { transport in
                    let client = APIClient(baseURL: baseURL, transport: transport) { $0.timeout = .seconds(30) }
                    // Each call waits on the server until all 64 are in flight at once: over one
                    // HTTP/1.1 connection (or eight) they could not be.
                    let counts = try await withThrowingTaskGroup(of: ConnectionRoutes.Counts.self) { group in
                        for _ in 0..<64 {
                            group.addTask { try await client.send(BarrierRequest(count: 64)) }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    #expect(counts.count == 64)
                    #expect(counts.allSatisfy { $0.arrived >= 64 })
                }
                #expect(connections.accepted == 1)
            }
        }

        @Test
        func cancellingOneStreamLeavesTheOthers() async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await withHTTPSServer(authority, version: .http2) { baseURL, connections in
                try await withTLSTransport(clientTLSConfiguration(trusting: authority)) { transport in
                    let client = APIClient(baseURL: baseURL, transport: transport)
                    _ = try await client.send(EchoRequest())  // the connection, before the streams
                    let slow = Task {
                        try await client.send(RawRequest(path: "/slow-body", query: ["bytes": 20, "interval_ms": 500]))
                    }
                    let others = Task {
                        try await withThrowingTaskGroup(of: Int.self) { group in
                            for _ in 0..<8 {
                                group.addTask {
                                    try await client.send(
                                        RawRequest(path: "/slow-body", query: ["bytes": 4, "interval_ms": 250])
                                    ).count
                                }
                            }
                            return try await group.reduce(0, +)
                        }
                    }
                    try await Task.sleep(for: .milliseconds(300))
                    slow.cancel()
                    let cancelled = await #expect(throws: APIError.self) { try await slow.value }
                    #expect(cancelled?.kind == .cancelled)
                    #expect(try await others.value == 8 * 4)
                    let after = try await client.send(EchoRequest(path: "/echo/after"))
                    #expect(after.path == "/echo/after")
                }
                #expect(connections.accepted == 1)
            }
        }
    }
#endif
