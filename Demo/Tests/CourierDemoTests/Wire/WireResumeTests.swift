#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// A download resumes inside its call against the demo server's `/download` (byte ranges,
    /// `If-Range`, RFC 9530 digests, connections cut on request), over every transport; and checks
    /// its digest before the file lands.
    @Suite("Wire: downloads that resume")
    struct WireResumeTests {
        /// No wait between resumptions: the tests' servers answer at once.
        static let options = DownloadOptions(resumption: ResumptionPolicy(maximumResumptions: 5, delay: .zero))

        /// A `/download` request on a key of its own.
        static func file(_ size: Int, _ query: QueryParameters = [:], timeout: Duration? = nil) -> RawRequest {
            var query = query
            query.append("size", size)
            query.append("key", UUID().uuidString)
            return RawRequest(path: "/download", query: query, timeout: timeout)
        }

        /// How many requests the server had on `request`'s key.
        static func hits(_ client: APIClient, _ request: RawRequest) async throws -> Int {
            try await hits(client, key: request.query.items.first { $0.name == "key" }?.value ?? "")
        }

        /// How many requests the server had on `key`.
        static func hits(_ client: APIClient, key: String) async throws -> Int {
            struct Hits: Decodable { var hits: Int }
            struct HitsRequest: APIRequest {
                typealias Response = Hits
                var key: String
                var method: HTTPRequest.Method { .get }
                var path: String { "/hits" }
                var query: QueryParameters { ["key": key] }
            }
            return try await client.send(HitsRequest(key: key)).hits
        }

        @Test(arguments: TransportKind.available)
        func aCutBodyIsResumedFromWhereItBrokeOffAndProgressNeverGoesBack(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try WireDownloadTests.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("resumed.bin")
                let size = 3 * 1024 * 1024 + 17
                let client = makeClient(kind, baseURL: baseURL)
                let request = Self.file(size, ["cuts": 3, "cut_after": 700_000])
                let reports = Locked<[TransferProgress]>([])
                let response = try await client.download(request, to: destination, options: Self.options) { progress in
                    reports.withLock { $0.append(progress) }
                }
                #expect(response.status == .ok)
                #expect(try Data(contentsOf: destination) == DownloadContent.file(size: size))
                #expect(try await Self.hits(client, request) == 4)  // the first request, and three for the rest
                let completed = reports.withLock { $0 }.map(\.completedBytes)
                #expect(completed == completed.sorted())
                #expect(completed.last == Int64(size))
                #expect(reports.withLock { $0 }.last?.fractionCompleted == 1)
                #expect(try WireDownloadTests.leftovers(in: directory).isEmpty)
                #expect(openFiles(in: directory).isEmpty)
            }
        }

        @Test(arguments: TransportKind.available)
        func withoutResumptionACutBodyFailsAsBefore(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try WireDownloadTests.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("cut.bin")
                let client = makeClient(kind, baseURL: baseURL)
                let request = Self.file(1024 * 1024, ["cuts": 1, "cut_after": 300_000])
                let error = await #expect(throws: APIError.self) {
                    try await client.download(request, to: destination, options: DownloadOptions(resumption: .never))
                }
                #expect(error?.kind == .transport)
                #expect(try await Self.hits(client, request) == 1)
                #expect(!FileManager.default.fileExists(atPath: destination.path))
                #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
            }
        }

        @Test(arguments: TransportKind.available)
        func resumptionsStopAtThePolicysLimit(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try WireDownloadTests.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let client = makeClient(kind, baseURL: baseURL)
                let request = Self.file(1024 * 1024, ["cuts": 10, "cut_after": 50_000])
                let policy = ResumptionPolicy(maximumResumptions: 2, delay: .zero)
                let error = await #expect(throws: APIError.self) {
                    try await client.download(
                        request, to: directory.appendingPathComponent("x.bin"),
                        options: DownloadOptions(resumption: policy)
                    )
                }
                #expect(error?.kind == .transport)
                #expect(try await Self.hits(client, request) == 3)
                #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
            }
        }

        /// `If-Range` names the version the bytes are of: a new version comes whole (`200`) and the
        /// download starts over with it.
        @Test(arguments: TransportKind.available)
        func aVersionThatChangesMidDownloadRestartsTheFileCleanly(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let directory = try WireDownloadTests.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("changed.bin")
                let size = 2 * 1024 * 1024
                let client = makeClient(kind, baseURL: baseURL)
                let request = Self.file(size, ["cuts": 1, "cut_after": 1_500_000, "change_after": 1])
                let reports = Locked<[Int64]>([])
                try await client.download(request, to: destination, options: Self.options) { progress in
                    reports.withLock { $0.append(progress.completedBytes) }
                }
                #expect(try Data(contentsOf: destination) == DownloadContent.file(size: size, version: 2))
                #expect(try await Self.hits(client, request) == 2)
                let completed = reports.withLock { $0 }
                #expect(completed == completed.sorted())
                #expect(completed.last == Int64(size))
            }
        }
    }
#endif
