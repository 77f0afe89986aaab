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
/// Prints one line of JSON: requests per second, p50 and p99 latency, the process's CPU time per
/// request (all threads), allocations per request (when run with the malloc interposer
/// preloaded) and peak resident memory.
///
/// `--download FILE` and `--upload PATH` measure one large transfer instead (see ``Transfers``).
///
/// `courier-bench outbox …` measures the outbox: enqueue latency, journal bytes per entry, entries
/// delivered per second (see ``OutboxBench``).
///
/// `courier-bench isolation …` measures plain calls' latency while a capped 1 GiB body loads the
/// same transport (see ``Isolation``).
///
/// `--requests N` makes exactly 50 warm-up requests and then N, one at a time, and prints nothing
/// timed: for counting instructions under `valgrind --tool=callgrind` (see `callgrind.sh`), which
/// is deterministic where timings are not.
@main
enum Bench {
    /// Runs the benchmark with the main thread waiting on a semaphore: an `async` main would park
    /// it in libdispatch's `dispatch_main`, whose signal suspend valgrind 3.19 cannot run.
    static func main() {
        let done = DispatchSemaphore(value: 0)
        Task.detached {  // not on the main actor, whose queue only `dispatch_main` would drain
            do {
                try await run()
            } catch {
                FileHandle.standardError.write(Data("courier-bench: \(error)\n".utf8))
                exit(1)
            }
            done.signal()
        }
        done.wait()
        exit(0)
    }

    static func run() async throws {
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
        if CommandLine.arguments.dropFirst().first == "outbox" {
            try await OutboxBench.run(arguments, base: url, kind: kind)
            return
        }
        if CommandLine.arguments.dropFirst().first == "isolation" {
            try await Isolation.run(arguments, base: url, kind: kind)
            return
        }
        if let download = arguments["download"] {
            try await Transfers.measureDownload(download, from: url, kind: kind)
            return
        }
        if let upload = arguments["upload"] {
            try await Transfers.measureUpload(URL(fileURLWithPath: upload), to: url, kind: kind)
            return
        }
        let file = arguments["file"] ?? "list.json"
        let concurrency = Int(arguments["concurrency"] ?? "1") ?? 1
        let duration = Double(arguments["seconds"] ?? "5") ?? 5
        var bytes = Data()
        // The clients without a network: the file is fetched once, then served from memory.
        if kind == .decodeOnly || kind == .courierInMemory || kind == .courierInMemoryReport {
            bytes = try Data(contentsOf: url.appendingPathComponent(file))
        }
        var fetcher = kind.makeFetcher(base: url, bytes: bytes)
        if CommandLine.arguments.dropFirst().first == "scale" {
            try await Scale.run(arguments, fetcher: fetcher)
            return
        }
        if arguments["executor"] == "loop" {
            fetcher = EventLoopFetcher(base: fetcher)
        }
        if let count = arguments["requests"].flatMap({ Int($0) }) {
            for _ in 0..<(50 + count) { _ = try await fetcher.fetch(file) }
            print("requests: \(count)")
            return
        }

        _ = try await run(fetcher, file: file, concurrency: concurrency, for: .seconds(1))  // warm-up
        let interposed = ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("MallocInterposer") == true
        if interposed {
            MallocInterposerSwift.initialize()
            MallocInterposerSwift.hook()
        }
        let cpuBefore = processCPUSeconds()
        let switchesBefore = contextSwitches()
        let started = ContinuousClock.now
        let latencies = try await run(
            fetcher, file: file, concurrency: concurrency, for: .milliseconds(Int(duration * 1000)))
        let elapsed = started.duration(to: .now)
        let cpu = processCPUSeconds() - cpuBefore
        let switches = contextSwitches()
        var allocations: Double?
        if interposed {
            MallocInterposerSwift.unhook()
            allocations = Double(MallocInterposerSwift.getStatistics().mallocCount) / Double(latencies.count)
        }
        let sorted = latencies.sorted()
        let result: [String: String] = [
            "client": kind.rawValue + (arguments["executor"].map { "+\($0)-executor" } ?? ""),
            "file": file,
            "concurrency": "\(concurrency)",
            "requests": "\(latencies.count)",
            "rps": String(format: "%.0f", Double(latencies.count) / seconds(of: elapsed)),
            "p50_us": String(format: "%.0f", percentile(sorted, 0.50) * 1e6),
            "p99_us": String(format: "%.0f", percentile(sorted, 0.99) * 1e6),
            "cpu_us_per_request": String(format: "%.0f", cpu / Double(latencies.count) * 1e6),
            "voluntary_switches_per_request": String(
                format: "%.2f", Double(switches.voluntary - switchesBefore.voluntary) / Double(latencies.count)),
            "involuntary_switches_per_request": String(
                format: "%.2f", Double(switches.involuntary - switchesBefore.involuntary) / Double(latencies.count)),
            "allocs_per_request": allocations.map { String(format: "%.1f", $0) } ?? "n/a",
            "peak_rss_mib": String(format: "%.1f", peakResidentMiB()),
        ]
        let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
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

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    /// User and system CPU time of the whole process (every thread) so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The process's voluntary (it waited) and involuntary (it was preempted) context switches so far.
    static func contextSwitches() -> (voluntary: Int, involuntary: Int) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return (usage.ru_nvcsw, usage.ru_nivcsw)
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
