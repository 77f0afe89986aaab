import Foundation

import MallocInterposerSwift

/// `courier-bench scale --url URL --client KIND [--file list.json] [--calls 1000] [--rounds 5]`
/// (issue 28, item 4).
///
/// Starts `calls` fetches at once, `rounds` times in one process, and prints one line of JSON:
/// the resident memory before the first round, the highest it reached while calls were in flight
/// (sampled every millisecond) and what that is per call in flight, each round's time, and the
/// resident memory and open file descriptors after each round has ended and the process has
/// rested for a second. Memory that grows from round to round after the calls have ended, or
/// descriptors that do not come back, would be a leak.
enum Scale {
    static func run(_ arguments: Arguments, fetcher: any Fetcher) async throws {
        let file = arguments["file"] ?? "list.json"
        let calls = Int(arguments["calls"] ?? "1000") ?? 1000
        let rounds = Int(arguments["rounds"] ?? "5") ?? 5
        for _ in 0..<50 { _ = try await fetcher.fetch(file) }  // warm-up: connections, caches
        try await Task.sleep(for: .seconds(1))
        let before = residentMiB()
        let descriptorsBefore = openDescriptors()
        var seconds: [Double] = []
        var peaks: [Double] = []
        var after: [Double] = []
        var descriptorsAfter: [Int] = []
        if interposed {
            MallocInterposerSwift.initialize()
            MallocInterposerSwift.hook()
        }
        var heapAfter: [Double] = []
        for _ in 0..<rounds {
            let sampler = PeakSampler()
            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<calls { group.addTask { try await fetcher.fetch(file) } }
                for try await _ in group {}
            }
            seconds.append(courier_bench.seconds(of: started.duration(to: .now)))
            peaks.append(await sampler.stop())
            try await Task.sleep(for: .seconds(1))
            after.append(residentMiB())
            descriptorsAfter.append(openDescriptors())
            if let kept = heapKeptMiB() { heapAfter.append(kept) }
        }
        let peak = peaks.max() ?? before
        let result: [String: String] = [
            "client": arguments["client"] ?? "",
            "calls_in_flight": "\(calls)",
            "rounds": "\(rounds)",
            "rss_before_mib": String(format: "%.1f", before),
            "rss_peak_mib": String(format: "%.1f", peak),
            "kib_per_call_in_flight": String(format: "%.1f", (peak - before) * 1024 / Double(calls)),
            "round_seconds": seconds.map { String(format: "%.3f", $0) }.joined(separator: " "),
            "rss_after_rounds_mib": after.map { String(format: "%.1f", $0) }.joined(separator: " "),
            "fds_before": "\(descriptorsBefore)",
            "heap_kept_after_rounds_mib": heapAfter.map { String(format: "%.2f", $0) }.joined(separator: " "),
            "fds_after_rounds": descriptorsAfter.map(String.init).joined(separator: " "),
        ]
        let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    /// The process's resident memory now, from `/proc/self/statm`.
    static func residentMiB() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / (1024 * 1024)
    }

    /// The bytes allocated and not freed since counting began, when the malloc interposer is
    /// preloaded (`LD_PRELOAD=…/libMallocInterposerSwift.so`; `nil` otherwise): unlike resident
    /// memory, it falls when memory is freed, so growth from round to round is memory kept.
    static func heapKeptMiB() -> Double? {
        guard interposed else { return nil }
        let statistics = MallocInterposerSwift.getStatistics()
        return Double(statistics.mallocBytesCount - statistics.freeBytesCount) / (1024 * 1024)
    }

    static let interposed =
        ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("MallocInterposer") == true

    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }
}

/// Samples the resident memory every millisecond on a thread of its own until stopped.
final class PeakSampler: @unchecked Sendable {  // `peak` and `running` are guarded by `lock`
    private let lock = NSLock()
    private var peak = 0.0
    private var running = true
    private var thread: Thread?

    init() {
        let thread = Thread { [self] in
            while lock.withLock({ running }) {
                let now = Scale.residentMiB()
                lock.withLock { peak = max(peak, now) }
                usleep(1000)
            }
        }
        self.thread = thread
        thread.start()
    }

    /// Stops sampling; returns the highest resident memory seen.
    func stop() async -> Double {
        let now = Scale.residentMiB()
        return lock.withLock {
            running = false
            return max(peak, now)
        }
    }
}
