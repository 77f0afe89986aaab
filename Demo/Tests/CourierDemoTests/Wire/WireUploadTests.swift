#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// File uploads with `RequestBody.file` and `upload(_:progress:)`, over every transport.
    @Suite("Wire: uploads", .serialized)
    struct WireUploadTests {
        struct Upload: APIRequest {
            typealias Response = UploadRoutes.Receipt
            var method: HTTPRequest.Method = .put
            var path = "/upload"
            var query: QueryParameters = [:]
            var body: RequestBody?
            var timeout: Duration?
        }

        /// A file of `size` varied bytes in a new directory, and the hash the server should report.
        static func makeFile(size: Int) throws -> (URL, String) {
            let directory = try WireDownloadTests.temporaryDirectory()
            let url = directory.appendingPathComponent("upload.bin")
            // A random block repeated, each copy starting with its index: any lost, repeated or
            // reordered chunk changes the hash.
            var generator = SystemRandomNumberGenerator()
            let block = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(size + block.count)
            var index: UInt64 = 0
            while bytes.count < size {
                withUnsafeBytes(of: index.littleEndian) { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: block.dropFirst(8))
                index += 1
            }
            bytes.removeLast(bytes.count - size)
            let data = Data(bytes)
            try data.write(to: url)
            var hash = FNV1a()
            data.withUnsafeBytes { hash.add($0) }
            return (url, hash.hex)
        }

        static func removeFile(_ url: URL) {
            try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
        }

        @Test(arguments: TransportKind.available)
        func uploadStreamsTheFileAndReportsProgress(_ kind: TransportKind) async throws {
            let size = 12 * 1024 * 1024 + 5
            let (file, hash) = try Self.makeFile(size: size)
            defer { Self.removeFile(file) }
            try await DemoServer.withRunning { baseURL in
                // The 1 MiB buffer limit applies to responses, not to what is sent.
                let client = makeClient(kind, baseURL: baseURL) { $0.maximumBodySize = 1024 * 1024 }
                let reports = Locked<[TransferProgress]>([])
                let receipt = try await client.upload(Upload(body: .file(file, contentType: "video/mp4"))) { progress in
                    reports.withLock { $0.append(progress) }
                }
                #expect(receipt.bytes == size)
                #expect(receipt.fnv1a == hash)
                #expect(receipt.contentType == "video/mp4")
                let progress = reports.withLock { $0 }
                #expect(progress.count > 1)
                #expect(progress.map(\.completedBytes) == progress.map(\.completedBytes).sorted())
                #expect(progress.allSatisfy { $0.expectedBytes == Int64(size) })
                #expect(progress.last?.completedBytes == Int64(size))
                #expect(progress.last?.fractionCompleted == 1)
            }
        }

        @Test(arguments: TransportKind.available)
        func aFileBodyWorksWithPlainSendToo(_ kind: TransportKind) async throws {
            let (file, hash) = try Self.makeFile(size: 300_000)
            defer { Self.removeFile(file) }
            try await DemoServer.withRunning { baseURL in
                let receipt = try await makeClient(kind, baseURL: baseURL).send(
                    Upload(method: .post, body: .file(file)))
                #expect(receipt.bytes == 300_000)
                #expect(receipt.fnv1a == hash)
                #expect(receipt.contentType == "application/octet-stream")
            }
        }

        @Test(arguments: TransportKind.available)
        func aRedirectThatKeepsTheBodySendsTheFileAgain(_ kind: TransportKind) async throws {
            let (file, hash) = try Self.makeFile(size: 200_000)
            defer { Self.removeFile(file) }
            try await DemoServer.withRunning { baseURL in
                let reports = Locked<[Int64]>([])
                let request = Upload(
                    method: .post, path: "/redirect", query: ["status": 307, "to": "/upload"], body: .file(file))
                let receipt = try await makeClient(kind, baseURL: baseURL).upload(request) { progress in
                    reports.withLock { $0.append(progress.completedBytes) }
                }
                #expect(receipt.bytes == 200_000)
                #expect(receipt.fnv1a == hash)
                #expect(reports.withLock { $0.last } == 200_000)
            }
        }

        @Test func aMissingFileFailsBeforeAnythingIsSent() async throws {
            let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
            let client = APIClient(
                baseURL: URL(string: "http://127.0.0.1:9")!,
                transport: UnreachableTransport()
            )
            let error = await #expect(throws: APIError.self) {
                try await client.upload(Upload(body: .file(missing))) { _ in Issue.record("Nothing was sent.") }
            }
            #expect(error?.kind == .storage)
            #expect(error?.request?.path == "/upload")
            #expect(error?.description.contains(missing.lastPathComponent) == true)
        }

        /// The transports whose file uploads can be cut short safely. FoundationNetworking's
        /// URLSession (Linux) sometimes stops the whole process when a file upload is cancelled
        /// mid-transfer (`EasyHandle.swift:484: Fatal error: 'try!' … libcurl.Easy Code=43`, seen in
        /// about 1 run in 6 of this suite), so on Linux those tests run over AsyncHTTPClient only.
        static var interruptibleUploads: [TransportKind] {
            #if os(Linux) || os(Android)
                [.asyncHTTPClient]
            #else
                TransportKind.available
            #endif
        }

        @Test(arguments: Self.interruptibleUploads)
        func cancellingMidUploadStopsTheTransfer(_ kind: TransportKind) async throws {
            // Larger than loopback's socket buffers, which take several MiB before the reader reads.
            let size = 32 * 1024 * 1024
            let (file, _) = try Self.makeFile(size: size)
            defer { Self.removeFile(file) }
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let sent = Locked<Int64>(0)
                // The server reads slowly, so the upload is still going when it is cancelled.
                let upload = Task { () async throws(APIError) -> UploadRoutes.Receipt in
                    try await client.upload(Upload(query: ["delay_ms": 20], body: .file(file))) { progress in
                        sent.withLock { $0 = progress.completedBytes }
                    }
                }
                let started = ContinuousClock.now
                while sent.withLock({ $0 }) == 0, started.duration(to: .now) < .seconds(5) {
                    try await Task.sleep(for: .milliseconds(20))
                }
                upload.cancel()
                let result = await upload.result
                let error = #expect(throws: APIError.self) { try result.get() }
                #expect(error?.kind == .cancelled)
                #expect((1..<Int64(size)).contains(sent.withLock { $0 }))
                // The transfer stopped: the server read a body cut short, not all of it (this test's
                // clock does not say how soon; load would make it late).
                let stats = try await Self.waitForAbandonedUpload(client)
                #expect(stats.uploadsAbandoned == 1)
                #expect(stats.uploadsCompleted == 0)
            }
        }

        @Test(arguments: Self.interruptibleUploads)
        func theDeadlineCoversTheUpload(_ kind: TransportKind) async throws {
            // More than loopback's socket buffers hold, so a client that left cannot have sent it all;
            // the slow reader takes seconds over it.
            let (file, _) = try Self.makeFile(size: 32 * 1024 * 1024)
            defer { Self.removeFile(file) }
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let request = Upload(query: ["delay_ms": 20], body: .file(file), timeout: .milliseconds(500))
                let error = await #expect(throws: APIError.self) {
                    try await client.upload(request) { _ in }
                }
                #expect(error?.kind == .timeout)
                // The server never read the whole body: the client left at the deadline, not once the
                // upload was done (a late answer would be a timeout too; the server, not this test's
                // clock, says so). Abandoned, unless the deadline passed before the head arrived.
                let stats = try await Self.waitForAbandonedUpload(client)
                #expect(stats.uploadsCompleted == 0)
                #expect(stats.uploadsAbandoned <= 1)
            }
        }

        /// The server notices a cut-short body when its read fails, shortly after the client left
        /// (a give-up of a minute: a hang guard, it returns as soon as the server has noticed).
        static func waitForAbandonedUpload(_ client: APIClient) async throws -> DemoState.Stats {
            let started = ContinuousClock.now
            while true {
                let stats = try await client.send(StatsRequest())
                if stats.uploadsAbandoned + stats.uploadsCompleted > 0 || started.duration(to: .now) > .seconds(60) {
                    return stats
                }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }
#endif
