import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// The measuring loop, shared with `Benchmarks/Peers` (its `peer-bench` links this file through a
// symbolic link): it imports Foundation alone, so that both programs measure their clients alike.

/// One element of the served JSON arrays.
struct Item: Decodable, Sendable {
    let id: Int
    let name: String
    let email: String
    let active: Bool
    let score: Double
}

/// GET `/<file>` and decode `[Item]`, the same work for every client.
protocol Fetcher: Sendable {
    func fetch(_ file: String) async throws -> Int
}

/// Starts and stops counting allocations (the malloc interposer, when the program links it).
struct AllocationCounter {
    /// Starts counting.
    let start: () -> Void
    /// Stops counting; returns the allocations counted since `start`.
    let stop: () -> Int
}

/// Requests per second, latency, CPU time, context switches and memory of one client.
enum Measure {
    /// Runs `body` with the main thread waiting on a semaphore: an `async` main would park it in
    /// libdispatch's `dispatch_main`, whose signal suspend valgrind 3.19 cannot run.
    static func main(_ name: String, _ body: @escaping @Sendable () async throws -> Void) -> Never {
        let done = DispatchSemaphore(value: 0)
        Task.detached {  // not on the main actor, whose queue only `dispatch_main` would drain
            do {
                try await body()
            } catch {
                FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
                exit(1)
            }
            done.signal()
        }
        done.wait()
        exit(0)
    }

    /// `--requests N`: exactly 50 warm-up requests and then N, one at a time, and nothing timed
    /// (for `valgrind --tool=callgrind`). Otherwise a second of warm-up, then `--concurrency`
    /// loops of fetches for `--seconds`, and one line of JSON.
    static func perRequest(
        _ arguments: Arguments, client: String, fetcher: any Fetcher, allocations: AllocationCounter?
    ) async throws {
        let file = arguments["file"] ?? "list.json"
        let concurrency = Int(arguments["concurrency"] ?? "1") ?? 1
        let duration = Double(arguments["seconds"] ?? "5") ?? 5
        if let count = arguments["requests"].flatMap({ Int($0) }) {
            for _ in 0..<(50 + count) { _ = try await fetcher.fetch(file) }
            print("requests: \(count)")
            return
        }

        _ = try await run(fetcher, file: file, concurrency: concurrency, for: .seconds(1))  // warm-up
        allocations?.start()
        let cpuBefore = processCPUSeconds()
        let switchesBefore = contextSwitches()
        let started = ContinuousClock.now
        let latencies = try await run(
            fetcher, file: file, concurrency: concurrency, for: .milliseconds(Int(duration * 1000)))
        let elapsed = started.duration(to: .now)
        let cpu = processCPUSeconds() - cpuBefore
        let switches = contextSwitches()
        let allocated = allocations.map { Double($0.stop()) / Double(latencies.count) }
        let sorted = latencies.sorted()
        let result: [String: String] = [
            "client": client,
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
            "allocs_per_request": allocated.map { String(format: "%.1f", $0) } ?? "n/a",
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
