#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// Streaming bodies: `download(_:to:progress:)` and `withBytes(_:progress:_:)`, over every transport.
    @Suite("Wire: downloads and streaming")
    struct WireDownloadTests {
        static func temporaryDirectory() throws -> URL {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "courier-tests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return directory
        }

        static func leftovers(in directory: URL) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".download") }
        }

        @Test(arguments: TransportKind.available, [false, true])
        func downloadWritesTheWholeBodyAndReportsProgress(_ kind: TransportKind, chunked: Bool) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try Self.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("body.bin")
                let size = 24 * 1024 * 1024
                let reports = Locked<[TransferProgress]>([])
                // The 1 MiB buffer limit does not apply to downloads.
                let client = makeClient(kind, baseURL: baseURL) { $0.maximumBodySize = 1024 * 1024 }
                // Paced (1 ms per 64 KiB), so that the transfer spans several progress reports: over
                // loopback, a download written to disk by the transport can be whole before the
                // client first looks, and then it is reported once, complete.
                let request = RawRequest(
                    path: "/bytes", query: ["count": size, "chunked": chunked ? "1" : "0", "pace_ms": 1])
                let response = try await client.download(request, to: destination) { progress in
                    reports.withLock { $0.append(progress) }
                }
                #expect(response.status == .ok)
                let attributes = try FileManager.default.attributesOfItem(atPath: destination.path)
                #expect((attributes[.size] as? NSNumber)?.intValue == size)
                let progress = reports.withLock { $0 }
                #expect(progress.count > 1)
                #expect(progress.map(\.completedBytes) == progress.map(\.completedBytes).sorted())
                #expect(progress.last?.completedBytes == Int64(size))
                #expect(progress.last?.fractionCompleted == (chunked ? nil : 1))
                #expect(try Self.leftovers(in: directory).isEmpty)
            }
        }

        @Test(arguments: TransportKind.available)
        func failedDownloadLeavesTheExistingFileAlone(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try Self.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("body.bin")
                try Data("old".utf8).write(to: destination)
                let client = makeClient(kind, baseURL: baseURL)
                let error = await #expect(throws: APIError.self) {
                    try await client.download(RawRequest(path: "/status/404"), to: destination)
                }
                #expect(error?.kind == .unacceptableStatus)
                #expect(error?.body.map { String(decoding: $0, as: UTF8.self) }?.contains("404") == true)
                #expect(try Data(contentsOf: destination) == Data("old".utf8))
                #expect(try Self.leftovers(in: directory).isEmpty)
            }
        }

        /// A download to a path that exists replaces the file whole. (Foundation 6.3's
        /// `FileManager.replaceItemAt` failed on Linux after removing the old file.)
        @Test(arguments: TransportKind.available)
        func aDownloadReplacesAnExistingFile(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try Self.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("body.bin")
                try Data("old".utf8).write(to: destination)
                let client = makeClient(kind, baseURL: baseURL)
                for count in [1000, 2000] {
                    try await client.download(RawRequest(path: "/bytes", query: ["count": count]), to: destination)
                    #expect(try Data(contentsOf: destination).count == count)
                }
                #expect(try Self.leftovers(in: directory).isEmpty)
            }
        }

        @Test(arguments: TransportKind.available)
        func downloadFollowsARedirectAndKeepsOnlyTheFinalBody(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try Self.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("moved.bin")
                let client = makeClient(kind, baseURL: baseURL)
                let request = RawRequest(
                    path: "/redirect", query: ["status": 302, "to": "/bytes?count=\(3 * 1024 * 1024)"])
                let response = try await client.download(request, to: destination)
                #expect(response.status == .ok)
                let size = try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? NSNumber
                #expect(size?.intValue == 3 * 1024 * 1024)
                #expect(try Self.leftovers(in: directory).isEmpty)
            }
        }

        @Test(arguments: TransportKind.available)
        func cancellingMidTransferLeavesNoPartialFile(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try Self.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("slow.bin")
                let client = makeClient(kind, baseURL: baseURL)
                let received = Locked<Int64>(0)
                let download = Task { () async throws(APIError) -> HTTPResponse in
                    try await client.download(
                        RawRequest(path: "/slow-body", query: ["bytes": 100, "interval_ms": 50]),
                        to: destination
                    ) { progress in received.withLock { $0 = progress.completedBytes } }
                }
                // Cancel once bytes are flowing.
                let started = ContinuousClock.now
                while received.withLock({ $0 }) == 0, started.duration(to: .now) < .seconds(15) {
                    try await Task.sleep(for: .milliseconds(20))
                }
                download.cancel()
                let result = await download.result
                let error = #expect(throws: APIError.self) { try result.get() }
                #expect(error?.kind == .cancelled)
                #expect(received.withLock { $0 } > 0)
                #expect(!FileManager.default.fileExists(atPath: destination.path))
                #expect(try Self.leftovers(in: directory).isEmpty)
            }
        }

        @Test(arguments: TransportKind.available)
        func theDeadlineCoversTheWholeTransfer(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                // 6,000 bytes, one each 100 ms: ten minutes of body.
                let request = RawRequest(
                    path: "/slow-body", query: ["bytes": 6000, "interval_ms": 100], timeout: .milliseconds(500))
                let error = await #expect(throws: APIError.self) {
                    try await client.withBytes(request) { _, body in
                        for try await _ in body {}
                    }
                }
                #expect(error?.kind == .timeout)
                // The client left long before the body's end: the server says so, not this test's clock.
                let stats = try await statsOnceStreamsEnded(client)
                #expect(stats.streamsCompleted == 0)
                #expect(stats.streamsAbandoned == stats.slowBodiesStarted)
            }
        }

        @Test(arguments: TransportKind.available)
        func aDownloadPastItsDeadlineTimesOutAndLeavesNoFile(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try Self.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("late.bin")
                let client = makeClient(kind, baseURL: baseURL)
                // Ten minutes of body.
                let request = RawRequest(
                    path: "/slow-body", query: ["bytes": 6000, "interval_ms": 100], timeout: .milliseconds(500))
                let error = await #expect(throws: APIError.self) {
                    try await client.download(request, to: destination)
                }
                #expect(error?.kind == .timeout)
                let stats = try await statsOnceStreamsEnded(client)  // the client left before the end
                #expect(stats.streamsCompleted == 0)
                #expect(stats.streamsAbandoned == stats.slowBodiesStarted)
                #expect(!FileManager.default.fileExists(atPath: destination.path))
                #expect(try Self.leftovers(in: directory).isEmpty)
            }
        }

        @Test(arguments: TransportKind.available)
        func withBytesStreamsBeyondTheBufferLimit(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL) { $0.maximumBodySize = 64 * 1024 }
                let total = try await client.withBytes(
                    RawRequest(path: "/bytes", query: ["count": 8 * 1024 * 1024, "chunked": "1"])
                ) {
                    response, body in
                    #expect(response.status == .ok)
                    var count = 0
                    for try await chunk in body { count += chunk.count }
                    return count
                }
                #expect(total == 8 * 1024 * 1024)
            }
        }

        @Test(arguments: TransportKind.available)
        func unwritableDestinationIsAStorageError(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let destination = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/file.bin")
                let error = await #expect(throws: APIError.self) {
                    try await client.download(RawRequest(path: "/bytes", query: ["count": 10]), to: destination)
                }
                #expect(error?.kind == .storage)
            }
        }
    }
#endif
