#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// A download through a transport that wraps another and hands on a body of its own made from the
    /// one it got — as a cassette recording does, or a logging decorator — resumes and lands whole,
    /// checked against its digest: over URLSession, the transport underneath writes the body to the
    /// download's file, and the body handed on is read from it.
    @Suite("Wire: downloads through a wrapping transport")
    struct WireWrappedDownloadTests {
        /// Counts the bytes of every body it hands on, chunk by chunk.
        struct CountingTransport: Transport {
            let upstream: any Transport
            let counted = Locked<Int>(0)

            func send(
                _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
            ) async throws -> (HTTPResponse, ResponseBody) {
                let (head, received) = try await upstream.send(request, body: body, context: context)
                let counted = self.counted
                let chunks = received.map { @Sendable chunk in
                    counted.withLock { $0 += chunk.count }
                    return chunk
                }
                return (head, ResponseBody(chunks, expectedLength: received.expectedLength))
            }
        }

        @Test(arguments: TransportKind.available)
        func aDownloadThroughAWrappingTransportResumesAndLandsWhole(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try WireDownloadTests.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("wrapped.bin")
                let size = 1024 * 1024 + 5
                let wrapper = CountingTransport(upstream: kind.transport)
                let client = APIClient(baseURL: baseURL, transport: wrapper)
                let request = WireResumeTests.file(size, ["cuts": 2, "cut_after": 300_000, "digest": "repr"])
                let reports = Locked<[Int64]>([])
                try await client.download(request, to: destination, options: WireResumeTests.options) { progress in
                    reports.withLock { $0.append(progress.completedBytes) }
                }
                #expect(try Data(contentsOf: destination) == DownloadContent.file(size: size))
                #expect(try await WireResumeTests.hits(client, request) == 3)
                #expect(wrapper.counted.withLock { $0 } >= size)  // the wrapper saw every byte
                let completed = reports.withLock { $0 }
                #expect(completed == completed.sorted())
                #expect(completed.last == Int64(size))
                #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["wrapped.bin"])
                #expect(openFiles(in: directory).isEmpty)
            }
        }
    }
#endif
