import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `courier-stall-probe <scenario> <transport> <base URL> <directory>`: runs a few concurrent calls
/// while something the process waits for is stuck, and prints one line per call, `path=<verb>
/// kind=<APIError kind or ok> at=<seconds> file=<present|absent>`, then `canary worst=<seconds>`
/// (the longest gap between plain calls over AsyncHTTPClient made meanwhile, sleep included) and
/// `leftovers=<count>` (temporary `.download` files left in the directory).
///
/// Scenarios, Linux only:
/// - `slow-fsync`: every flush of a file under the directory waits 12 s; two 100 KB downloads and a
///   slow one with a 2 s deadline.
/// - `held-queue`: FoundationNetworking's one work queue, shared by every session in the process,
///   is held for 12 s; `send`, `download`, `withBytes` and an event stream, each with a 2 s
///   deadline, over `URLSessionTransport`.
///
/// The wire tests run it as a child process: what it holds up is the whole process, by design,
/// and must not hold up the tests running beside it.
@main
enum StallProbe {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 4, let base = URL(string: arguments[2]) else {
            fail("usage: courier-stall-probe slow-fsync|held-queue urlSession|asyncHTTPClient <base URL> <directory>")
        }
        let directory = URL(fileURLWithPath: arguments[3])
        let transport: any Transport
        switch arguments[1] {
        case "urlSession": transport = URLSessionTransport()
        #if os(Linux)
            case "asyncHTTPClient": transport = AsyncHTTPClientTransport.shared
        #endif
        default: fail("unknown transport \(arguments[1])")
        }
        let client = APIClient(baseURL: base, transport: transport)
        #if os(Linux)
            let canary = Canary(base)
            let started = ContinuousClock.now
            let outcomes: [Outcome]
            switch arguments[0] {
            case "slow-fsync":
                SlowFsync.slow(under: directory, by: .seconds(12))
                outcomes = await slowFlushes(client, directory: directory, started: started)
            case "held-queue":
                let holder = QueueHolder(for: .seconds(12))
                holder.hold(through: base.appendingPathComponent("bytes"))
                try? await Task.sleep(for: .milliseconds(300))  // the queue is held now
                outcomes = await everyPath(client, directory: directory, started: .now)
                holder.session.invalidateAndCancel()
            default:
                fail("unknown scenario \(arguments[0])")
            }
            let worst = canary.stop()
            for outcome in outcomes { print(outcome.line) }
            print("canary worst=\(worst.seconds)")
            let leftovers =
                (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
                .filter { $0.hasSuffix(".download") }.count ?? -1
            print("leftovers=\(leftovers)")
        #else
            _ = client
            fail("the stall probe runs on Linux only")
        #endif
    }

    /// What became of one call.
    struct Outcome {
        var path: String
        var kind: String
        var at: Duration
        var file: URL?

        var line: String {
            var line = "path=\(path) kind=\(kind) at=\(at.seconds)"
            if let file { line += " file=\(FileManager.default.fileExists(atPath: file.path) ? "present" : "absent")" }
            return line
        }
    }

    static func outcome<Value>(
        _ path: String, started: ContinuousClock.Instant, file: URL? = nil,
        _ call: () async throws(APIError) -> Value
    ) async -> Outcome {
        var kind = "ok"
        do {
            _ = try await call()
        } catch {
            kind = "\(error.kind)"
        }
        return Outcome(path: path, kind: kind, at: started.duration(to: .now), file: file)
    }

    static func slowFlushes(_ client: APIClient, directory: URL, started: ContinuousClock.Instant) async -> [Outcome] {
        let small = directory.appendingPathComponent("small.bin")
        let another = directory.appendingPathComponent("another.bin")
        let late = directory.appendingPathComponent("late.bin")
        async let first = outcome("download-small", started: started, file: small) { () async throws(APIError) in
            try await client.download(Probe(path: "/bytes", query: ["count": 100_000]), to: small) { _ in }
        }
        async let second = outcome("download-another", started: started, file: another) { () async throws(APIError) in
            try await client.download(Probe(path: "/bytes", query: ["count": 100_000]), to: another) { _ in }
        }
        async let slow = outcome("download-late", started: started, file: late) { () async throws(APIError) in
            try await client.download(
                Probe(path: "/slow-body", query: ["bytes": 10, "interval_ms": 500], timeout: .seconds(2)), to: late)
        }
        return await [slow, first, second]
    }

    static func everyPath(_ client: APIClient, directory: URL, started: ContinuousClock.Instant) async -> [Outcome] {
        let deadline = Duration.seconds(2)
        let held = directory.appendingPathComponent("held.bin")
        async let send = outcome("send", started: started) { () async throws(APIError) in
            try await client.send(Probe(path: "/stats", timeout: deadline))
        }
        async let download = outcome("download", started: started, file: held) { () async throws(APIError) in
            try await client.download(Probe(path: "/bytes", query: ["count": 1000], timeout: deadline), to: held)
        }
        async let bytes = outcome("withBytes", started: started) { () async throws(APIError) in
            try await client.withBytes(Probe(path: "/bytes", timeout: deadline)) { _, body in
                var count = 0
                for try await chunk in body { count += chunk.count }
                return count
            }
        }
        async let events = outcome("events", started: started) { () async throws(APIError) in
            let stream = client.events(
                Probe(path: "/events/tokens", query: ["count": 5], timeout: deadline),
                reconnection: .never)
            do {
                for try await _ in stream {}
            } catch let error as APIError {
                throw error
            } catch {
                fail("an event stream threw \(error), not an APIError")
            }
        }
        return await [send, download, bytes, events]
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        exit(2)
    }
}

/// Any endpoint of the demo API, its body as it came.
struct Probe: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String
    var query: QueryParameters = [:]
    var timeout: Duration?
}

extension Duration {
    /// In seconds, to the millisecond.
    var seconds: String {
        let (seconds, attoseconds) = components
        return String(format: "%.3f", Double(seconds) + Double(attoseconds) / 1e18)
    }
}
