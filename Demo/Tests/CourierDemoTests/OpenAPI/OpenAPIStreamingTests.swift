#if Demo
    import Courier
    import CourierOpenAPI
    import DemoAPI
    import DemoOpenAPIClient
    import Foundation
    import OpenAPIRuntime
    import ProcessMemory
    import Testing

    /// 50 MiB through the generated client over `CourierClientTransport`, both ways, in flat memory.
    // One transfer at a time, so that each figure is that transport's alone.
    @Suite("OpenAPI: streamed bodies", .serialized)
    struct OpenAPIStreamingTests {
        static let size = 50 * 1024 * 1024
        /// Buffering the body would take at least its size; streaming, a few MiB, plus what other
        /// tests running at the same time take (up to about 34 MB seen in a full run).
        static let bound = 40 * 1024 * 1024

        @Test(.enabled(if: PeakMemory.isAvailable), arguments: TransportKind.available)
        func fiftyMiBDownloadInFlatMemory(_ kind: TransportKind) async throws {
            try await PeakMemory.measuringAlone {
                try await DemoServer.withRunning { baseURL in
                    // The 1 MiB buffer limit does not apply to a streaming operation.
                    let client = makeOpenAPIClient(kind, baseURL: baseURL, streaming: [Operations.DownloadBytes.id]) {
                        $0.maximumBodySize = 1024 * 1024
                    }
                    let before = try PeakMemory.reset()
                    let body = try await client.downloadBytes(query: .init(count: Self.size, chunked: 1)).ok.body.binary
                    var count = 0
                    for try await chunk in body { count += chunk.count }
                    let grown = PeakMemory.peak - before
                    print("openapi-memory: \(kind.rawValue): 50 MiB download, peak RSS grew by \(grown / 1024) KiB")
                    #expect(count == Self.size)
                    // Measured alone: about 1 MB over AsyncHTTPClient; about 7 MB over URLSession on
                    // Linux, for 50 MiB and for 100 MiB alike (the same as APIClient.withBytes). But
                    // FoundationNetworking queues what the in-process server sends ahead of a reader
                    // without backpressure, so while other tests load the machine the queue grows
                    // (29 MB, up to 215 MB seen in a full run).
                    #if canImport(FoundationNetworking)
                        if kind == .urlSession {
                            let cause = Comment(
                                rawValue: "FoundationNetworking queues whatever the in-process server sends ahead "
                                    + "of the consumer, without backpressure")
                            withKnownIssue(cause, isIntermittent: true) { Self.expectFlat(grown, kind) }
                            return
                        }
                    #endif
                    Self.expectFlat(grown, kind)
                }
            }
        }

        @Test(.enabled(if: PeakMemory.isAvailable), arguments: TransportKind.available)
        func fiftyMiBUploadInFlatMemory(_ kind: TransportKind) async throws {
            try await PeakMemory.measuringAlone {
                try await DemoServer.withRunning { baseURL in
                    let client = makeOpenAPIClient(kind, baseURL: baseURL) { $0.timeout = .seconds(120) }
                    let chunks = Self.size / GeneratedChunks.chunkSize
                    var expected = FNV1a()
                    for index in 0..<chunks {
                        GeneratedChunks.chunk(index).withUnsafeBytes { expected.add($0) }
                    }
                    let before = try PeakMemory.reset()
                    let body = HTTPBody(
                        GeneratedChunks(count: chunks), length: .known(Int64(Self.size)), iterationBehavior: .single)
                    let receipt = try await client.upload(body: .binary(body)).ok.body.json
                    let grown = PeakMemory.peak - before
                    print("openapi-memory: \(kind.rawValue): 50 MiB upload, peak RSS grew by \(grown / 1024) KiB")
                    #expect(receipt.bytes == Self.size)
                    #expect(receipt.fnv1a == expected.hex)
                    Self.expectFlat(grown, kind)
                }
            }
        }

        static func expectFlat(_ grown: Int, _ kind: TransportKind) {
            #expect(grown < bound, "peak memory grew by \(grown / 1024 / 1024) MiB")
        }
    }
#endif
