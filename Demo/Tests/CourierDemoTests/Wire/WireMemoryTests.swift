#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import ProcessMemory
    import Testing

    /// The body limit bounds memory, not only the result: a call that ends as `bodyTooLarge` must
    /// not have held the body it refused.
    ///
    /// Each call runs in a child process, `courier-memory-probe`, which prints how far the call raised
    /// its peak resident memory: in this process, other tests allocate at the same time. The demo API
    /// runs here. One probe at a time, and none while a test measures memory in this process (the
    /// server's side of a probe's transfer would show in its figure).
    @Suite("Wire: memory under the body limit", .enabled(if: PeakMemory.isAvailable), .serialized)
    struct WireMemoryTests {
        /// Growth allowed for each case: the limit's own buffer and a few chunks in flight.
        static let bound = 64 * 1024 * 1024
        /// Growth allowed for a 1 GiB download: Courier holds one gathered write (256 KiB) over
        /// URLSession and a few chunks over AsyncHTTPClient. FoundationNetworking's own memory grows
        /// during a large transfer (a backlog of the dispatch timers it makes per 16 KiB received: a
        /// bare URLSession program held 16–24 MiB of anonymous memory at the peak of 1 GiB,
        /// BENCHMARKS.md, "Large transfers"). A body held in memory would be 1 GiB.
        static func downloadBound(_ kind: TransportKind) -> Int {
            kind == .urlSession ? 40 * 1024 * 1024 : 16 * 1024 * 1024
        }

        @Test(arguments: TransportKind.available)
        func gibibyteBodyStopsAtTheLimit(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let url = baseURL.appending(path: "bytes").appending(queryItems: [
                    URLQueryItem(name: "count", value: "\(1 << 30)"), URLQueryItem(name: "chunked", value: "1"),
                ])
                let result = try await PeakMemory.measuringAlone {
                    try await MemoryProbe.run(kind, url: url, maximumBodySize: 10 * 1024 * 1024)
                }
                #expect(result.kind == "bodyTooLarge")
                #expect(result.grown < Self.bound, "peak memory grew by \(result.grown / 1024 / 1024) MiB")
            }
        }

        @Test(arguments: TransportKind.available)
        func endlessBodyStopsAtTheLimit(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                // 1 TiB: the server would stream for hours.
                let url = baseURL.appending(path: "bytes").appending(queryItems: [
                    URLQueryItem(name: "count", value: "\(1 << 40)"), URLQueryItem(name: "chunked", value: "1"),
                ])
                let result = try await PeakMemory.measuringAlone {
                    try await MemoryProbe.run(kind, url: url, maximumBodySize: 1024 * 1024)
                }
                #expect(result.kind == "bodyTooLarge")
                #expect(result.grown < Self.bound, "peak memory grew by \(result.grown / 1024 / 1024) MiB")
            }
        }

        /// Free disk a gibibyte download needs: the file, and room for what other tests write
        /// meanwhile.
        static let downloadDisk = 3 << 30

        /// A download goes to disk as it arrives: over URLSession, whose callbacks cannot be made to
        /// wait, the transport writes each chunk to the file where it is handed over.
        @Test(
            .enabled(if: FreeDisk.atLeast(downloadDisk), "needs 3 GiB free in the temporary directory"),
            arguments: TransportKind.available)
        func gibibyteDownloadIsNotHeldInMemory(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let url = baseURL.appending(path: "bytes").appending(queryItems: [
                    URLQueryItem(name: "count", value: "\(1 << 30)")
                ])
                let result = try await PeakMemory.measuringAlone {
                    try await MemoryProbe.run(kind, url: url, maximumBodySize: 1024 * 1024, downloads: true)
                }
                #expect(result.kind == "ok")
                #expect(
                    result.grown < Self.downloadBound(kind),
                    "peak memory grew by \(result.grown / 1024 / 1024) MiB, to \(result.peak / 1024 / 1024) MiB")
                print("1 GiB download over \(kind.rawValue): grew \(result.grown) bytes, peak \(result.peak) bytes")
            }
        }

        /// A download cut three times and resumed (issue 38) holds no more than one that is not:
        /// each resumption appends to the same file, through the same gathered writes.
        @Test(
            .enabled(if: FreeDisk.atLeast(downloadDisk), "needs 3 GiB free in the temporary directory"),
            arguments: TransportKind.available)
        func gibibyteDownloadResumedThreeTimesIsNotHeldInMemory(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let key = UUID().uuidString
                let url = baseURL.appending(path: "download").appending(queryItems: [
                    URLQueryItem(name: "size", value: "\(1 << 30)"), URLQueryItem(name: "cuts", value: "3"),
                    URLQueryItem(name: "cut_after", value: "\(300 << 20)"), URLQueryItem(name: "key", value: key),
                ])
                let result = try await PeakMemory.measuringAlone {
                    try await MemoryProbe.run(kind, url: url, maximumBodySize: 1024 * 1024, downloads: true)
                }
                #expect(result.kind == "ok")
                #expect(
                    result.grown < Self.downloadBound(kind),
                    "peak memory grew by \(result.grown / 1024 / 1024) MiB, to \(result.peak / 1024 / 1024) MiB")
                print(
                    "resumed 1 GiB download over \(kind.rawValue): grew \(result.grown) bytes, peak \(result.peak) bytes"
                )
                let hits = try await WireResumeTests.hits(makeClient(kind, baseURL: baseURL), key: key)
                #expect(hits == 4)
            }
        }

        @Test(arguments: TransportKind.available)
        func decompressionBombStopsAtTheLimit(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                // 300 MiB of zeros, about 300 KB gzipped, without a length (so the ratio cannot trip).
                let url = baseURL.appending(path: "compressed/bomb").appending(queryItems: [
                    URLQueryItem(name: "mib", value: "300")
                ])
                let result = try await PeakMemory.measuringAlone {
                    try await MemoryProbe.run(kind, url: url, maximumBodySize: 10 * 1024 * 1024)
                }
                #expect(result.kind == "bodyTooLarge")
                #expect(result.grown < Self.bound, "peak memory grew by \(result.grown / 1024 / 1024) MiB")
            }
        }
    }

    /// Runs `courier-memory-probe`, built beside the test bundle.
    enum MemoryProbe {
        /// Where the probe is: in the test bundle's build folder.
        static let executable = ChildProcess.built("courier-memory-probe")

        struct Result {
            /// The call's outcome: `ok` or an ``APIError/Kind``.
            var kind: String
            /// How far the call raised the probe's peak resident memory, in bytes.
            var grown: Int
            /// The probe's peak resident memory during the call, in bytes.
            var peak: Int
        }

        /// Runs one call in the probe: `send`, or with `downloads`, `download(_:to:)` to a temporary file.
        static func run(
            _ kind: TransportKind, url: URL, maximumBodySize: Int, downloads: Bool = false
        ) async throws -> Result {
            let text = try await ChildProcess.run(
                executable,
                arguments: [kind.rawValue, url.absoluteString, "\(maximumBodySize)"] + (downloads ? ["download"] : []))
            let fields = Dictionary(
                text.split(whereSeparator: \.isWhitespace).compactMap { pair -> (String, String)? in
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
                },
                uniquingKeysWith: { _, last in last })
            guard let kind = fields["kind"], let grown = fields["grown"].flatMap(Int.init),
                let peak = fields["peak"].flatMap(Int.init)
            else {
                throw ProbeError(message: "the probe printed: \(text)")
            }
            return Result(kind: kind, grown: grown, peak: peak)
        }

        struct ProbeError: Error, CustomStringConvertible {
            var message: String
            var description: String { message }
        }
    }
#endif
