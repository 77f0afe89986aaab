#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// A download that keeps its partial download (`keepsPartialDownload`) leaves what it received
    /// beside the destination when it is cancelled or killed, and the next download of the same
    /// request picks it up after `If-Range` — over every transport, against the demo server.
    @Suite("Wire: partial downloads kept across calls and launches")
    struct WirePartialDownloadTests {
        static let keeping = DownloadOptions(keepsPartialDownload: true)

        /// The partial download's two files beside `destination`.
        static func partial(of destination: URL) -> (body: URL, record: URL) {
            let directory = destination.deletingLastPathComponent()
            let name = destination.lastPathComponent
            return (
                directory.appendingPathComponent(".\(name).courier-partial"),
                directory.appendingPathComponent(".\(name).courier-partial.json")
            )
        }

        static func size(of file: URL) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? 0
        }

        /// Starts a slow download of `request` that keeps its partial download, and cancels it once
        /// `bytes` are on disk.
        static func cancelledDownload(
            _ client: APIClient, _ request: RawRequest, to destination: URL, after bytes: Int64
        ) async throws {
            let received = Locked<Int64>(0)
            let download = Task { () async throws(APIError) -> HTTPResponse in
                try await client.download(request, to: destination, options: keeping) { progress in
                    received.withLock { $0 = progress.completedBytes }
                }
            }
            let started = ContinuousClock.now
            while received.withLock({ $0 }) < bytes, started.duration(to: .now) < .seconds(20) {
                try await Task.sleep(for: .milliseconds(10))
            }
            download.cancel()
            let result = await download.result
            let error = #expect(throws: APIError.self) { try result.get() }
            #expect(error?.kind == .cancelled)
        }

        static let fileSize = 4 * 1024 * 1024

        /// A `/download` of 4 MiB on a key of its own, slow (2.6 s) on its first request only: the
        /// one a test stops part-way.
        static func slowFile(_ query: QueryParameters = [:]) -> RawRequest {
            var query = query
            query.append("pace_ms", 40)
            query.append("paced_hits", 1)
            return WireResumeTests.file(fileSize, query)
        }

        @Test(arguments: TransportKind.available)
        func aCancelledDownloadKeepsItsBytesAndTheNextCallPicksThemUp(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try WireDownloadTests.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("model.bin")
                let client = makeClient(kind, baseURL: baseURL)
                let request = Self.slowFile()
                try await Self.cancelledDownload(client, request, to: destination, after: 512 * 1024)
                let partial = Self.partial(of: destination)
                let kept = Self.size(of: partial.body)
                #expect(kept >= 512 * 1024 && kept < Self.fileSize)
                #expect(FileManager.default.fileExists(atPath: partial.record.path))
                #expect(!FileManager.default.fileExists(atPath: destination.path))
                #expect(openFiles(in: directory).isEmpty)

                let reports = Locked<[Int64]>([])
                let response = try await client.download(request, to: destination, options: Self.keeping) { progress in
                    reports.withLock { $0.append(progress.completedBytes) }
                }
                #expect(response.status == .partialContent)
                #expect(try Data(contentsOf: destination) == DownloadContent.file(size: Self.fileSize))
                // Progress goes on from the bytes kept.
                #expect((reports.withLock { $0 }.first ?? 0) >= Int64(kept))
                #expect(try await WireResumeTests.hits(client, request) == 2)
                #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["model.bin"])
            }
        }

        @Test(arguments: TransportKind.available)
        func aPartialDownloadOfAnOlderVersionIsDownloadedAgainWhole(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try WireDownloadTests.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("model.bin")
                let client = makeClient(kind, baseURL: baseURL)
                let request = Self.slowFile(["change_after": 1])
                try await Self.cancelledDownload(client, request, to: destination, after: 256 * 1024)
                #expect(Self.size(of: Self.partial(of: destination).body) > 0)
                let response = try await client.download(request, to: destination, options: Self.keeping)
                #expect(response.status == .ok)
                #expect(try Data(contentsOf: destination) == DownloadContent.file(size: Self.fileSize, version: 2))
                #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["model.bin"])
            }
        }

        /// The bytes kept are hashed again when the next call picks them up: a byte changed on disk
        /// meanwhile fails the digest.
        @Test(arguments: TransportKind.available, [false, true])
        func theDigestCoversTheBytesKeptFromAnEarlierCall(_ kind: TransportKind, damaged: Bool) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try WireDownloadTests.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("model.bin")
                let client = makeClient(kind, baseURL: baseURL)
                let request = Self.slowFile()
                try await Self.cancelledDownload(client, request, to: destination, after: 256 * 1024)
                let body = Self.partial(of: destination).body
                if damaged {
                    let handle = try FileHandle(forUpdating: body)
                    try handle.seek(toOffset: 1000)
                    try handle.write(contentsOf: Data([0xFF ^ DownloadContent.bytes(1000..<1001)[0]]))
                    try handle.close()
                }
                let digest = try #require(
                    DownloadDigest.sha256(hex: sha256Hex(DownloadContent.file(size: Self.fileSize))))
                var options = Self.keeping
                options.expectedDigest = digest
                if damaged {
                    let error = await #expect(throws: APIError.self) {
                        try await client.download(request, to: destination, options: options)
                    }
                    #expect(error?.kind == .digestMismatch)
                    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
                } else {
                    try await client.download(request, to: destination, options: options)
                    #expect(try Data(contentsOf: destination) == DownloadContent.file(size: Self.fileSize))
                }
            }
        }

        /// A process killed mid-download (`SIGKILL`: nothing of its own runs) leaves the bytes it
        /// wrote and the record; a later download picks them up and ends with the whole file. The
        /// moment of the kill is seeded (`COURIER_TEST_SEED` replays it).
        @Test(
            .enabled(if: FileManager.default.isExecutableFile(atPath: MemoryProbe.executable.path)),
            arguments: TransportKind.available)
        func aDownloadKilledMidwayIsPickedUpAfterARelaunch(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try WireDownloadTests.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("killed.bin")
                let request = Self.slowFile()
                var url = baseURL.appending(path: "download")
                url.append(queryItems: request.query.items.map { URLQueryItem(name: $0.name, value: $0.value) })
                let seed = SeededGenerator.baseSeed(fixed: 0x38_4B1D)
                var random = SeededGenerator(seed: seed &+ (kind == .urlSession ? 1 : 2))
                let threshold = Int.random(in: 64 * 1024...2 * 1024 * 1024, using: &random)
                let process = try ChildProcess.start(
                    MemoryProbe.executable,
                    arguments: [kind.rawValue, url.absoluteString, "1048576", "keep", destination.path])
                let body = Self.partial(of: destination).body
                let started = ContinuousClock.now
                let record = Self.partial(of: destination).record
                while Self.size(of: body) < threshold || !FileManager.default.fileExists(atPath: record.path),
                    started.duration(to: .now) < .seconds(60)
                {
                    try await Task.sleep(for: .milliseconds(5))
                }
                await ChildProcess.terminate(process)
                let kept = Self.size(of: body)
                #expect(kept >= threshold, "seed \(seed)")
                let client = makeClient(kind, baseURL: baseURL)
                let response = try await client.download(request, to: destination, options: Self.keeping)
                #expect(response.status == .partialContent, "seed \(seed)")
                #expect(try Data(contentsOf: destination) == DownloadContent.file(size: Self.fileSize), "seed \(seed)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["killed.bin"])
            }
        }
    }

    /// The SHA-256 of `data` in hexadecimal, with the demo's swift-crypto.
    func sha256Hex(_ data: Data) -> String {
        DownloadContent.sha256Hex(data)
    }
#endif
