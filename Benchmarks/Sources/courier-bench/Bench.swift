import AsyncHTTPClient
import Courier
import Foundation
import MallocInterposerSwift
import NIOCore
import NIOPosix

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
    static func main() {
        Measure.main("courier-bench") { try await run() }
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
        let interposed = ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("MallocInterposer") == true
        let allocations = AllocationCounter(
            start: {
                MallocInterposerSwift.initialize()
                MallocInterposerSwift.hook()
            },
            stop: {
                MallocInterposerSwift.unhook()
                return MallocInterposerSwift.getStatistics().mallocCount
            })
        try await Measure.perRequest(
            arguments, client: kind.rawValue + (arguments["executor"].map { "+\($0)-executor" } ?? ""),
            fetcher: fetcher, allocations: interposed ? allocations : nil)
    }
}
