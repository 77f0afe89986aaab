import AsyncHTTPClient
import Courier
import Foundation
import MallocInterposerSwift
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// `courier-bench --url URL --client KIND --file FILE --concurrency N --seconds S`
///
/// Prints one line of JSON: requests per second, p50 and p99 latency, allocations per request
/// (when run with the malloc interposer preloaded) and peak resident memory.
@main
enum Bench {
    static func main() async throws {
        let arguments = Arguments(CommandLine.arguments)
        if arguments["executor"] == "nio" {
            // Runs Swift Concurrency on NIO's event loops for the whole process: an application's
            // choice, measured here, not something a library may do for its users.
            guard NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor() else {
                fatalError("could not install NIO's event loops as the global executor")
            }
        }
        guard let url = URL(string: arguments["url"] ?? ""), let kind = ClientKind(rawValue: arguments["client"] ?? "")
        else {
            FileHandle.standardError.write(
                Data(
                    "usage: courier-bench --url URL --client \(ClientKind.allCases.map(\.rawValue)) --file FILE --concurrency N --seconds S\n"
                        .utf8))
            exit(2)
        }
        if let download = arguments["download"] {
            try await measureDownload(download, from: url, kind: kind)
            exit(0)
        }
        let file = arguments["file"] ?? "list.json"
        let concurrency = Int(arguments["concurrency"] ?? "1") ?? 1
        let duration = Double(arguments["seconds"] ?? "5") ?? 5
        let fetcher = kind.makeFetcher(base: url)

        _ = try await run(fetcher, file: file, concurrency: concurrency, for: .seconds(1))  // warm-up
        let interposed = ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("MallocInterposer") == true
        if interposed {
            MallocInterposerSwift.initialize()
            MallocInterposerSwift.hook()
        }
        let started = ContinuousClock.now
        let latencies = try await run(
            fetcher, file: file, concurrency: concurrency, for: .milliseconds(Int(duration * 1000)))
        let elapsed = started.duration(to: .now)
        var allocations: Double?
        if interposed {
            MallocInterposerSwift.unhook()
            allocations = Double(MallocInterposerSwift.getStatistics().mallocCount) / Double(latencies.count)
        }
        let sorted = latencies.sorted()
        let result: [String: String] = [
            "client": kind.rawValue + (arguments["executor"] == "nio" ? "+nio-executor" : ""),
            "file": file,
            "concurrency": "\(concurrency)",
            "requests": "\(latencies.count)",
            "rps": String(format: "%.0f", Double(latencies.count) / seconds(of: elapsed)),
            "p50_us": String(format: "%.0f", percentile(sorted, 0.50) * 1e6),
            "p99_us": String(format: "%.0f", percentile(sorted, 0.99) * 1e6),
            "allocs_per_request": allocations.map { String(format: "%.1f", $0) } ?? "n/a",
            "peak_rss_mib": String(format: "%.1f", peakResidentMiB()),
        ]
        let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
        exit(0)
    }

    /// Runs `concurrency` loops of fetches for `duration`; returns every latency in seconds.
    static func run(_ fetcher: any Fetcher, file: String, concurrency: Int, for duration: Duration) async throws
        -> [Double]
    {
        let deadline = ContinuousClock.now.advanced(by: duration)
        return try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var latencies: [Double] = []
                    latencies.reserveCapacity(100_000)
                    while ContinuousClock.now < deadline {
                        let start = ContinuousClock.now
                        _ = try await fetcher.fetch(file)
                        latencies.append(seconds(of: start.duration(to: .now)))
                    }
                    return latencies
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }

    /// Downloads `file` to a temporary file with Courier and prints its size, time and peak RSS.
    static func measureDownload(_ file: String, from base: URL, kind: ClientKind) async throws {
        struct Download: APIRequest {
            typealias Response = Data
            let path: String
            var timeout: Duration? { .seconds(600) }
        }
        let transport: any Transport =
            kind == .courierURLSession
            ? URLSessionTransport() : AsyncHTTPClientTransport(client: ClientKind.httpClient)
        let client = APIClient(baseURL: base, transport: transport)
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let started = ContinuousClock.now
        try await client.download(Download(path: "/" + file), to: destination)
        let elapsed = seconds(of: started.duration(to: .now))
        let size =
            (try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? NSNumber)?.int64Value ?? 0
        let result: [String: String] = [
            "client": kind.rawValue,
            "download": file,
            "bytes": "\(size)",
            "seconds": String(format: "%.2f", elapsed),
            "mib_per_second": String(format: "%.0f", Double(size) / 1_048_576 / elapsed),
            "peak_rss_mib": String(format: "%.1f", peakResidentMiB()),
        ]
        let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    static func peakResidentMiB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    }
}

func seconds(of duration: Duration) -> Double {
    let components = duration.components
    return Double(components.seconds) + Double(components.attoseconds) / 1e18
}

/// `--name value` pairs.
struct Arguments {
    private var values: [String: String] = [:]

    init(_ arguments: [String]) {
        var index = 1
        while index + 1 < arguments.count {
            if arguments[index].hasPrefix("--") {
                values[String(arguments[index].dropFirst(2))] = arguments[index + 1]
                index += 2
            } else {
                index += 1
            }
        }
    }

    subscript(name: String) -> String? { values[name] }
}
