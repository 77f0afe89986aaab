import Courier
import CourierOutbox
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `courier-bench outbox --url URL --client courier-urlsession|courier-ahc [--entries N]
/// [--concurrency C] [--store DIR]`: the outbox against the demo server's endpoint that honours
/// `Idempotency-Key` (`courier-demo serve`).
///
/// It enqueues N entries (a 100-byte JSON note each) while the outbox is told the network is
/// away, timing each `enqueue` (each one written and `fsync`ed before it returns); reads the
/// journal's size; times, side by side, N bare appends of a record of that size to a file in the
/// same folder, each followed by `fsync` (what an enqueue cannot do without), in blocks of 100
/// taking turns with the enqueues' blocks, so that both meet the disk as it is; then lets the outbox
/// deliver them all, C at a time, and times that; then, side by side, sends the same N requests
/// with `client.send`, C at a time, without an outbox. Prints one line of JSON: enqueue p50 and
/// p99, bare append+fsync p50 and p99 (and the median over the blocks of the ratio of their
/// p50s), journal bytes per entry, entries delivered per second, and plain calls per second.
enum OutboxBench {
    struct Note: APIRequest {
        typealias Response = Data
        var number: Int
        var method: HTTPRequest.Method { .post }
        var path: String { "/outbox/items/bench-\(number)" }
        var body: RequestBody? { .data(Self.text, contentType: "application/json") }
        var acceptableStatusCodes: StatusCodes { [.created] }
        var headers: HTTPFields { [HTTPField.Name("Idempotency-Key")!: "\"plain-\(number)-\(Self.run)\""] }
        static let run = UUID().uuidString
        static let text = Data(
            #"{"title":"Buy milk","text":"Two litres, semi-skimmed, from the shop on the corner.","id":1}"#.utf8)
    }

    static func run(_ arguments: Arguments, base: URL, kind: ClientKind) async throws {
        let entries = Int(arguments["entries"] ?? "2000") ?? 2000
        let concurrency = Int(arguments["concurrency"] ?? "4") ?? 4
        let folder = URL(fileURLWithPath: arguments["store"] ?? NSTemporaryDirectory())
            .appending(path: "courier-bench-outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport: any Transport =
            kind == .courierURLSession ? URLSessionTransport.shared : AsyncHTTPClientTransport.shared
        let client = APIClient(baseURL: base, transport: transport)
        var configuration = Outbox.Configuration()
        configuration.monitorsNetwork = false
        configuration.maximumConcurrentDeliveries = concurrency
        let outbox = try await Outbox(directory: folder, client: client, configuration: configuration)
        outbox.networkDidChange(isAvailable: false)

        // Each note without its own key, so the outbox makes one (the plain calls carry their own).
        struct Unkeyed: APIRequest {
            typealias Response = Data
            var note: Note
            var method: HTTPRequest.Method { .post }
            var path: String { note.path }
            var body: RequestBody? { note.body }
            var acceptableStatusCodes: StatusCodes { [.created] }
        }
        var latencies: [Double] = []
        latencies.reserveCapacity(entries)
        var bare: [Double] = []
        var blockRatios: [Double] = []
        let bareFile = try BareFile(folder.appending(path: "bare").path)
        let clock = ContinuousClock()
        var journalBytes = 0
        for block in stride(from: 0, to: entries, by: 100) {
            let numbers = block..<min(entries, block + 100)
            for number in numbers {
                let started = clock.now
                try await outbox.enqueue(Unkeyed(note: Note(number: number)), kind: "note")
                latencies.append(seconds(started.duration(to: clock.now)))
            }
            let journal = try FileManager.default.attributesOfItem(atPath: folder.appending(path: "journal").path)
            journalBytes = (journal[.size] as? NSNumber)?.intValue ?? 0
            let appends = try bareFile.append(numbers.count, of: max(1, journalBytes / numbers.upperBound))
            bare += appends
            // The disk's latency changes within a minute on a shared machine: each block beside the
            // appends timed right after it.
            let enqueues = latencies.suffix(numbers.count).sorted()
            blockRatios.append(Measure.percentile(enqueues, 0.50) / Measure.percentile(appends.sorted(), 0.50))
        }
        bare.sort()

        var events = outbox.events().makeAsyncIterator()
        let deliveryStart = clock.now
        outbox.networkDidChange(isAvailable: true)
        while let event = await events.next(), event.pendingCount > 0 {}
        let delivery = seconds(deliveryStart.duration(to: clock.now))
        await outbox.close()

        let plainStart = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            for _ in 0..<min(concurrency, entries) {
                let number = next
                next += 1
                group.addTask { _ = try await client.send(Note(number: number)) }
            }
            while try await group.next() != nil, next < entries {
                let number = next
                next += 1
                group.addTask { _ = try await client.send(Note(number: number)) }
            }
        }
        let plain = seconds(plainStart.duration(to: clock.now))

        let sorted = latencies.sorted()
        let result: [String: String] = [
            "client": kind.rawValue, "entries": "\(entries)", "concurrency": "\(concurrency)",
            "enqueue_p50_us": String(format: "%.0f", Measure.percentile(sorted, 0.50) * 1e6),
            "enqueue_p99_us": String(format: "%.0f", Measure.percentile(sorted, 0.99) * 1e6),
            "bare_append_fsync_p50_us": String(format: "%.0f", Measure.percentile(bare, 0.50) * 1e6),
            "bare_append_fsync_p99_us": String(format: "%.0f", Measure.percentile(bare, 0.99) * 1e6),
            "enqueue_over_bare_p50_median_of_blocks": String(
                format: "%.2f", Measure.percentile(blockRatios.sorted(), 0.50)),
            "journal_bytes_per_entry": "\(journalBytes / max(1, entries))",
            "body_bytes": "\(Note.text.count)",
            "delivered_per_s": String(format: "%.0f", Double(entries) / delivery),
            "plain_calls_per_s": String(format: "%.0f", Double(entries) / plain),
        ]
        let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    /// A file that records of a size are appended to, each followed by `fsync`.
    final class BareFile {
        let descriptor: Int32

        init(_ path: String) throws {
            descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        }

        deinit { close(descriptor) }

        /// `count` appends of `size` bytes, each followed by `fsync`: their times.
        func append(_ count: Int, of size: Int) throws -> [Double] {
            let record = [UInt8](repeating: 0x2A, count: size)
            let clock = ContinuousClock()
            var latencies: [Double] = []
            for _ in 0..<count {
                let started = clock.now
                let written = record.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                guard written == size, fsync(descriptor) == 0 else { throw CocoaError(.fileWriteUnknown) }
                latencies.append(seconds(started.duration(to: clock.now)))
            }
            return latencies
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
