import Courier
import CourierTesting
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `cassette-bench --client stub|cassette --requests N` makes 50 warm-up calls and then N, one at
/// a time, for counting instructions under callgrind (`cassette.sh`); `cassette-bench --seconds S`
/// times both clients side by side, round after round, and prints calls per second and the ratio.
///
/// Both clients decode the same 1 KB JSON list (13 items, as `list.json` of the other benchmarks)
/// with the same request: one over a `StubTransport` answering it, the other over a
/// `CassetteTransport` replaying it from a HAR file (one recording, `repeatingLast()`).
@main
enum CassetteBench {
    struct Item: Decodable, Sendable {
        let id: Int
        let name: String
        let email: String
        let active: Bool
        let score: Double
    }

    struct Items: APIRequest {
        typealias Response = [Item]
        var method: HTTPRequest.Method { .get }
        var path: String { "/list.json" }
    }

    static let base = URL(string: "http://127.0.0.1:18093")!

    static let list: Data = {
        let items = (0..<13).map { index in
            #"{"id": \#(index), "name": "user \#(index)", "email": "user\#(index)@example.com", "active": \#(index % 2 == 0), "score": \#(Double(index) * 1.5)}"#
        }
        return Data("[\(items.joined(separator: ", "))]".utf8)
    }()

    static func main() {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                try await run()
            } catch {
                FileHandle.standardError.write(Data("cassette-bench: \(error)\n".utf8))
                exit(1)
            }
            done.signal()
        }
        done.wait()
        exit(0)
    }

    static func run() async throws {
        let arguments = CommandLine.arguments
        let value = { (name: String) in
            arguments.firstIndex(of: "--\(name)").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("list.har")
        let stub = StubTransport { _, _ in .json(String(decoding: list, as: UTF8.self)) }
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: stub)
        _ = try await APIClient(baseURL: base, transport: recorder).send(Items())
        try recorder.finish()
        let cassette = try CassetteTransport(
            file, recordingFrom: stub, matching: CassetteTransport.Matching.methodAndURL.repeatingLast())
        let clients = [
            "stub": APIClient(baseURL: base, transport: stub),
            "cassette": APIClient(baseURL: base, transport: cassette),
        ]
        if let count = value("requests").flatMap(Int.init), let client = value("client").flatMap({ clients[$0] }) {
            for _ in 0..<(50 + count) { _ = try await client.send(Items()) }
            print("requests: \(count)")
            return
        }
        let seconds = value("seconds").flatMap(Double.init) ?? 5
        var rates: [String: [Double]] = [:]
        for _ in 0..<10 {
            for name in ["stub", "cassette"] {
                let client = clients[name]!
                let started = ContinuousClock.now
                var calls = 0
                while started.duration(to: .now) < .milliseconds(Int(seconds * 100)) {
                    _ = try await client.send(Items())
                    calls += 1
                }
                let elapsed = started.duration(to: .now).components
                rates[name, default: []].append(
                    Double(calls) / (Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18))
            }
        }
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        let ratios = zip(rates["stub"]!, rates["cassette"]!).map { $0 / $1 }
        print(
            String(
                format: "stub %.0f calls/s, cassette %.0f calls/s (medians of 10 rounds); "
                    + "time per call, cassette ÷ stub: %.3f× (median of the rounds' ratios)",
                median(rates["stub"]!), median(rates["cassette"]!), median(ratios)))
    }
}
