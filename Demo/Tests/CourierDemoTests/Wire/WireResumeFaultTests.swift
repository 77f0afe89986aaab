#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// A download against a raw server (`RangeServer`) that drops connections at seeded random
    /// offsets, changes its version mid-download, ignores `Range`, answers a `Content-Range` that does
    /// not fit or `416`, or gives no validator it may resume with — over every transport.
    ///
    /// `COURIER_TEST_SEED=<seed>` replays the drops (a failure names its download's seed).
    @Suite("Wire: downloads that resume, against a faulty server")
    struct WireResumeFaultTests {
        /// Downloads per transport in the seeded test, and the most drops each suffers.
        static let downloads = 100
        static let maximumDrops = 5
        /// The seeded drops, by transport: the count the note quotes.
        static let dropped = Locked<[TransportKind: Int]>([:])

        static let options = DownloadOptions(resumption: ResumptionPolicy(maximumResumptions: 5, delay: .zero))

        static func download(
            _ kind: TransportKind, from server: RangeServer, options: DownloadOptions = options,
            over transport: (any Transport)? = nil, _ check: (URL, Result<HTTPResponse, APIError>) throws -> Void
        ) async throws {
            let directory = try WireDownloadTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let destination = directory.appendingPathComponent("file.bin")
            let client = APIClient(baseURL: server.baseURL, transport: transport ?? kind.transport)
            let result: Result<HTTPResponse, APIError>
            do {
                result = .success(
                    try await client.download(RawRequest(path: "/file"), to: destination, options: options))
            } catch {
                result = .failure(error)
            }
            try check(destination, result)
            #expect(try WireDownloadTests.leftovers(in: directory).isEmpty)
            #expect(openFiles(in: directory).isEmpty)
            #expect(await openSocketsOnceSettled(toPort: server.port) == 0)
            if case .failure = result {
                #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
            }
        }

        /// Each download is cut 0 to 5 times, at a random byte of what each answer sends (after its
        /// head: FoundationNetworking stops the process on a head cut short), closed or reset.
        ///
        /// FoundationNetworking rarely never reads a connection at all (`URLSessionTransport`'s
        /// documentation): over URLSession, an idle timeout well inside the deadline ends such a
        /// stall, and the download resumes once more than it was cut (one request more, which the
        /// policy allows).
        @Test(arguments: TransportKind.available)
        func dropsAtSeededRandomOffsetsStillEndInTheWholeFile(_ kind: TransportKind) async throws {
            let base = SeededGenerator.baseSeed(fixed: 0x38_0D0D_0001)
            let stalls = kind == .urlSession ? try IdleTimeoutTransport(kind, seconds: 10) : nil
            let stallsAllowed = stalls == nil ? 0 : 1
            let options = DownloadOptions(
                resumption: ResumptionPolicy(maximumResumptions: Self.maximumDrops + stallsAllowed, delay: .zero))
            var drops = 0
            for index in 0..<Self.downloads {
                let seed = base &+ UInt64(index)
                var random = SeededGenerator(seed: seed)
                let size = Int.random(in: 1...768 * 1024, using: &random)
                let cuts = Int.random(in: 0...Self.maximumDrops, using: &random)
                let generator = Locked(random)
                let server = try RangeServer(size: size) { asked in
                    guard asked.connection < cuts else { return RangeServer.Answer() }
                    return generator.withLock { random in
                        let remaining = size - (asked.first ?? 0)
                        return RangeServer.Answer(
                            cutAfter: Int.random(in: 0..<remaining, using: &random), resets: Bool.random(using: &random)
                        )
                    }
                }
                defer { server.stop() }
                try await Self.download(kind, from: server, options: options, over: stalls?.transport) {
                    destination, result throws in
                    #expect(throws: Never.self, "seed \(seed)") { try result.get() }
                    #expect(try Data(contentsOf: destination) == DownloadContent.file(size: size), "seed \(seed)")
                }
                #expect((cuts + 1...cuts + 1 + stallsAllowed).contains(server.ranges.count), "seed \(seed)")
                #expect(server.ranges.dropFirst().allSatisfy { $0?.hasPrefix("bytes=") == true }, "seed \(seed)")
                drops += cuts
            }
            Self.dropped.withLock { $0[kind] = drops }
            print("WireResumeFaultTests: \(drops) seeded drops over \(kind.rawValue), base seed \(base)")
            #expect(drops >= Self.downloads)
        }

        @Test(arguments: TransportKind.available)
        func aServerThatIgnoresRangeRestartsTheFileFromItsFirstByte(_ kind: TransportKind) async throws {
            let size = 600_000
            let server = try RangeServer(size: size) { asked in
                RangeServer.Answer(ignoresRange: true, cutAfter: asked.connection < 2 ? 250_000 : nil)
            }
            defer { server.stop() }
            try await Self.download(kind, from: server) { destination, result throws in
                #expect(try result.get().status == .ok)
                #expect(try Data(contentsOf: destination) == DownloadContent.file(size: size))
            }
            // Each answer cut after 250,000 bytes of body; the client resumes after what reached it.
            #expect(server.ranges.count == 3)
            #expect(server.ranges.first == .some(nil))
            #expect(server.ranges.dropFirst().allSatisfy { $0?.hasPrefix("bytes=") == true && $0 != "bytes=0-" })
        }

        @Test(arguments: TransportKind.available)
        func aVersionThatChangesMidDownloadIsDownloadedWhole(_ kind: TransportKind) async throws {
            let size = 500_000
            let server = try RangeServer(size: size) { asked in
                RangeServer.Answer(
                    version: asked.connection == 0 ? 1 : 2, cutAfter: asked.connection < 2 ? 200_000 : nil)
            }
            defer { server.stop() }
            try await Self.download(kind, from: server) { destination, result throws in
                _ = try result.get()
                #expect(try Data(contentsOf: destination) == DownloadContent.file(size: size, version: 2))
            }
            let ifRanges = server.receivedHeads.map { RangeServer.field("if-range", in: $0) }
            #expect(ifRanges == [nil, "\"v1\"", "\"v2\""])
        }

        /// Resumptions happen inside the call's one deadline: a download whose every answer is cut
        /// 200 ms in fails as a timeout at its deadline, however many resumptions the policy allows.
        /// The server counts the answers: the whole file takes 3,356 of them, at least 200 ms each,
        /// and 10 s holds at most 50 (the time limit only stops a test that would hang). The deadline is
        /// long enough that a loaded machine still resumes within it (3 s saw none in CI, beside builds).
        @Test(.timeLimit(.minutes(3)), arguments: TransportKind.available)
        func theCallsDeadlineCoversItsResumptions(_ kind: TransportKind) async throws {
            let server = try RangeServer(size: 64 * 1024 * 1024) { _ in
                RangeServer.Answer(cutAfter: 20_000, pause: (after: 10_000, duration: .milliseconds(200)))
            }
            defer { server.stop() }
            let directory = try WireDownloadTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let client = APIClient(baseURL: server.baseURL, transport: kind.transport)
            let policy = ResumptionPolicy(maximumResumptions: 10_000, delay: .zero)
            let error = await #expect(throws: APIError.self) {
                try await client.download(
                    RawRequest(path: "/file", timeout: .seconds(10)), to: directory.appendingPathComponent("late.bin"),
                    options: DownloadOptions(resumption: policy))
            }
            #expect(error?.kind == .timeout)
            // Resumed, and stopped at the deadline: far fewer answers than the file takes (a client
            // that resumed past it would ask for thousands; load only makes each answer slower).
            #expect((2..<1000).contains(server.ranges.count))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
            #expect(openFiles(in: directory).isEmpty)
            #expect(await openSocketsOnceSettled(toPort: server.port) == 0)
        }

        /// A transport's own idle timeout (URLSession's `timeoutIntervalForRequest`, AsyncHTTPClient's
        /// read timeout) ends a stalled body before the call's deadline: the download resumes.
        @Test(arguments: TransportKind.available)
        func aBodyStalledPastTheTransportsIdleTimeoutIsResumed(_ kind: TransportKind) async throws {
            let size = 300_000
            // The first answer stalls for 30 s after 100,000 bytes.
            let server = try RangeServer(size: size) { asked in
                RangeServer.Answer(pause: asked.connection == 0 ? (after: 100_000, duration: .seconds(30)) : nil)
            }
            defer { server.stop() }
            let idle = try IdleTimeoutTransport(kind, seconds: 1)
            try await Self.download(kind, from: server, over: idle.transport) { destination, result throws in
                _ = try result.get()
                #expect(try Data(contentsOf: destination) == DownloadContent.file(size: size))
            }
            // Resumed, not waited out: a first answer waited through its stall would have been the
            // whole file, and the server would have seen one request.
            #expect(server.ranges.count >= 2)
            #expect(server.ranges.dropFirst().allSatisfy { $0?.hasPrefix("bytes=") == true })
            try await idle.shutdown()
        }
    }
#endif
