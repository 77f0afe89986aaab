import Foundation

/// `peer-bench --url URL --client alamofire|get --file FILE --concurrency N --seconds S`
///
/// Prints the line of JSON courier-bench prints (the same measuring loop, `Measure.swift`), for
/// Courier's peers doing what its clients do. Allocations are not counted (`allocs_per_request`
/// is `n/a`): this package does not link the malloc interposer.
///
/// `--requests N` makes exactly 50 warm-up requests and then N, one at a time, and prints nothing
/// timed: for counting instructions under `valgrind --tool=callgrind`.
@main
enum PeerBench {
    static func main() {
        Measure.main("peer-bench") { try await run() }
    }

    static func run() async throws {
        let arguments = Arguments(CommandLine.arguments)
        guard let url = URL(string: arguments["url"] ?? ""), let kind = PeerKind(rawValue: arguments["client"] ?? "")
        else {
            let kinds = PeerKind.allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(
                Data("usage: peer-bench --url URL --client \(kinds) --file FILE --concurrency N --seconds S\n".utf8))
            exit(2)
        }
        try await Measure.perRequest(
            arguments, client: kind.rawValue, fetcher: kind.makeFetcher(base: url), allocations: nil)
    }
}
