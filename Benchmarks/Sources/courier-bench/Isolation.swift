import AsyncHTTPClient
import Courier
import Foundation
import NIOConcurrencyHelpers
import NIOCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `courier-bench isolation --url URL --client KIND [--file list.json] [--requests 2000]
/// [--load PATH --cap BYTES [--rate R]] [--spin N]` (issue 29, item 7).
///
/// Measures the latency of plain GETs of `file`, one at a time, `requests` of them after 200 of
/// warm-up, and prints one line of JSON with the median, p90, p99 and maximum. With `--load`, it
/// measures them twice: first with nothing else in the process (`idle_…`), then while a loop on
/// the same client (the same connection pool) keeps fetching `PATH` with a body limit of `cap`
/// bytes, each call failing at the limit and the next starting at once (`loaded_…`). Courier's
/// capped calls go through a second `APIClient` on the same transport object, with
/// `maximumBodySize` set to `cap`; the raw clients make the equivalent bounded read with their own
/// API (see ``CappedLoad``). `--rate R` paces the load to at most `R` capped calls a second, so
/// that clients that stop at the limit at different speeds can be compared under the same load.
/// `--spin N` adds `N` tasks that keep Swift's cooperative pool busy
/// (1 ms of work, then a yield) in both phases: a stand-in for tests running in parallel in the
/// same process.
enum Isolation {
    static func run(_ arguments: Arguments, base: URL, kind: ClientKind) async throws {
        let file = arguments["file"] ?? "list.json"
        let requests = Int(arguments["requests"] ?? "2000") ?? 2000
        let cap = Int(arguments["cap"] ?? "\(16 * 1024 * 1024)") ?? 16 * 1024 * 1024
        let spinners = Int(arguments["spin"] ?? "0") ?? 0
        let interval = arguments["rate"].flatMap(Double.init).map { Duration.seconds(1 / $0) }
        let (fetcher, load) = try makePair(kind, base: base, cap: cap)

        let spin = Task.detached {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<spinners { group.addTask { await spinUntilCancelled() } }
            }
        }
        defer { spin.cancel() }
        for _ in 0..<200 { _ = try await fetcher.fetch(file) }  // warm-up: connections, caches
        let cpuBefore = Measure.processCPUSeconds()
        let idle = try await latencies(fetcher, file: file, requests: requests)
        let cpuIdle = Measure.processCPUSeconds() - cpuBefore
        var result = summary(idle, prefix: "idle")
        result["idle_cpu_us_per_request"] = String(format: "%.0f", cpuIdle / Double(requests) * 1e6)
        result["client"] = kind.rawValue
        result["requests"] = "\(requests)"
        result["spinners"] = "\(spinners)"

        if let path = arguments["load"] {
            let counters = LoadCounters()
            let loop = Task.detached {
                var next = ContinuousClock.now
                while !Task.isCancelled {
                    if let interval {  // paced: start a capped call at most every `interval`
                        next = max(next.advanced(by: interval), .now)
                        try? await Task.sleep(until: next)
                    }
                    do {
                        let bytes = try await load.capped(path)
                        counters.capped(bytes)
                    } catch {
                        counters.failed(error)
                    }
                }
            }
            // Measure once the load is under way: its first capped call has failed at the limit.
            let waitLimit = ContinuousClock.now.advanced(by: .seconds(20))
            while counters.snapshot.capped == 0 && counters.snapshot.failed == 0 && ContinuousClock.now < waitLimit {
                try await Task.sleep(for: .milliseconds(5))
            }
            let before = counters.snapshot
            let started = ContinuousClock.now
            let loaded = try await latencies(fetcher, file: file, requests: requests)
            let elapsed = seconds(of: started.duration(to: .now))
            let after = counters.snapshot
            loop.cancel()
            await loop.value
            result.merge(summary(loaded, prefix: "loaded")) { $1 }
            result["load"] = path
            result["cap_bytes"] = "\(cap)"
            result["load_rate"] = arguments["rate"] ?? "unpaced"
            result["load_capped_calls"] = "\(after.capped - before.capped)"
            result["load_capped_per_second"] = String(format: "%.1f", Double(after.capped - before.capped) / elapsed)
            result["load_mib_per_second"] = String(
                format: "%.0f", Double(after.bytes - before.bytes) / 1_048_576 / elapsed)
            result["load_other_failures"] = "\(after.failed)"
            if let error = after.firstError { result["load_first_other_failure"] = error }
        }
        result["peak_rss_mib"] = String(format: "%.1f", Measure.peakResidentMiB())
        let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    /// `requests` plain GETs, one at a time; each one's latency in seconds.
    static func latencies(_ fetcher: any Fetcher, file: String, requests: Int) async throws -> [Double] {
        var latencies: [Double] = []
        latencies.reserveCapacity(requests)
        for _ in 0..<requests {
            let start = ContinuousClock.now
            _ = try await fetcher.fetch(file)
            latencies.append(seconds(of: start.duration(to: .now)))
        }
        return latencies
    }

    static func summary(_ latencies: [Double], prefix: String) -> [String: String] {
        let sorted = latencies.sorted()
        func micros(_ value: Double) -> String { String(format: "%.0f", value * 1e6) }
        return [
            "\(prefix)_p50_us": micros(Measure.percentile(sorted, 0.50)),
            "\(prefix)_p90_us": micros(Measure.percentile(sorted, 0.90)),
            "\(prefix)_p99_us": micros(Measure.percentile(sorted, 0.99)),
            "\(prefix)_max_us": micros(sorted.last ?? 0),
            "\(prefix)_over_100ms": "\(sorted.count { $0 > 0.1 })",
        ]
    }

    /// Keeps one of the cooperative pool's threads busy, 1 ms at a time, until cancelled.
    static func spinUntilCancelled() async {
        var sink = 0
        while !Task.isCancelled {
            let end = ContinuousClock.now.advanced(by: .milliseconds(1))
            while ContinuousClock.now < end { sink &+= 1 }
            await Task.yield()
        }
        if sink == -1 { print(sink) }
    }

    /// The plain fetcher and the capped load for a client, sharing one transport.
    static func makePair(_ kind: ClientKind, base: URL, cap: Int) throws -> (any Fetcher, any CappedLoad) {
        switch kind {
        case .rawAsyncHTTPClient:
            let fetcher = RawAsyncHTTPClient(client: ClientKind.httpClient, base: base.absoluteString)
            return (fetcher, RawAsyncHTTPClientLoad(client: ClientKind.httpClient, base: base.absoluteString, cap: cap))
        case .rawAsyncHTTPClientDelegate:
            let fetcher = RawAsyncHTTPClientDelegate(client: ClientKind.httpClient, base: base.absoluteString)
            return (
                fetcher,
                RawAsyncHTTPClientDelegateLoad(client: ClientKind.httpClient, base: base.absoluteString, cap: cap)
            )
        case .courierAsyncHTTPClient:
            return courierPair(transport: ClientKind.courierTransport, base: base, cap: cap)
        case .rawURLSession:
            let delegate = CappingDelegate()
            let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
            return (
                RawURLSession(session: session, base: base),
                RawURLSessionLoad(session: session, delegate: delegate, base: base, cap: cap)
            )
        case .courierURLSession:
            return courierPair(transport: URLSessionTransport(), base: base, cap: cap)
        default:
            throw IsolationError(description: "isolation measures the network clients only")
        }
    }

    /// Two `APIClient`s on one transport object: one for the plain calls, one whose body limit is `cap`.
    static func courierPair(transport: any Transport, base: URL, cap: Int) -> (any Fetcher, any CappedLoad) {
        let plain = APIClient(baseURL: base, transport: transport)
        let capped = APIClient(baseURL: base, transport: transport) { $0.maximumBodySize = cap }
        return (CourierFetcher(client: plain), CourierLoad(client: capped, cap: cap))
    }
}

struct IsolationError: Error, CustomStringConvertible {
    let description: String
}

/// One call that reads a large body and stops at a limit.
protocol CappedLoad: Sendable {
    /// Fetches `path` and stops reading past the limit.
    ///
    /// - Returns: The bytes taken when it stopped at the limit.
    /// - Throws: Any other outcome, the body's end before the limit included.
    func capped(_ path: String) async throws -> Int
}

/// Courier: an ordinary buffered call, on a client whose `maximumBodySize` is the cap; it fails
/// with `bodyTooLarge`.
struct CourierLoad: CappedLoad {
    struct Whole: APIRequest {
        typealias Response = Data
        var method: HTTPRequest.Method { .get }
        let path: String
    }

    let client: APIClient
    let cap: Int

    func capped(_ path: String) async throws -> Int {
        do {
            let data = try await client.send(Whole(path: path))
            throw IsolationError(description: "not capped: \(data.count) bytes")
        } catch let error as APIError where error.kind == .bodyTooLarge {
            return cap
        }
    }
}

/// AsyncHTTPClient's `async` API: `collect(upTo:)` throws past the cap, and dropping the body
/// cancels the request.
struct RawAsyncHTTPClientLoad: CappedLoad {
    let client: HTTPClient
    let base: String
    let cap: Int

    func capped(_ path: String) async throws -> Int {
        let response = try await client.execute(HTTPClientRequest(url: base + path), timeout: .seconds(60))
        do {
            let body = try await response.body.collect(upTo: cap)
            throw IsolationError(description: "not capped: \(body.readableBytes) bytes")
        } catch is NIOTooManyBytesError {
            return cap
        }
    }
}

/// AsyncHTTPClient's delegate API with its `ResponseAccumulator`, whose `maxBodySize` is the cap:
/// the API and the failure Courier's transport uses.
struct RawAsyncHTTPClientDelegateLoad: CappedLoad {
    let client: HTTPClient
    let base: String
    let cap: Int

    func capped(_ path: String) async throws -> Int {
        let request = try HTTPClient.Request(url: base + path)
        let accumulator = ResponseAccumulator(request: request, maxBodySize: cap)
        let task = client.execute(request: request, delegate: accumulator, deadline: .now() + .seconds(60))
        do {
            let response = try await task.futureResult.get()
            throw IsolationError(description: "not capped: \(response.body?.readableBytes ?? 0) bytes")
        } catch is ResponseAccumulator.ResponseTooBigError {
            return cap
        }
    }
}

/// URLSession: a data task whose delegate gathers the body and cancels the task past the cap,
/// on the same session as the plain calls (which use `data(for:)`).
struct RawURLSessionLoad: CappedLoad {
    let session: URLSession
    let delegate: CappingDelegate
    let base: URL
    let cap: Int

    func capped(_ path: String) async throws -> Int {
        try await delegate.run(session.dataTask(with: URLRequest(url: base.appendingPathComponent(path))), cap: cap)
    }
}

// @unchecked Sendable: `calls` is only touched under `lock`.
final class CappingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private final class Call {
        let cap: Int
        let continuation: CheckedContinuation<Int, any Error>
        var body = Data()
        var capped = false

        init(cap: Int, continuation: CheckedContinuation<Int, any Error>) {
            self.cap = cap
            self.continuation = continuation
        }
    }

    private let lock = NIOLock()
    private var calls: [Int: Call] = [:]

    func run(_ task: URLSessionDataTask, cap: Int) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock { calls[task.taskIdentifier] = Call(cap: cap, continuation: continuation) }
            task.resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let cancel = lock.withLock {
            guard let call = calls[dataTask.taskIdentifier], !call.capped else { return false }
            call.body.append(data)
            if call.body.count > call.cap {
                call.capped = true
                call.body = Data()
                return true
            }
            return false
        }
        if cancel { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let call = lock.withLock({ calls.removeValue(forKey: task.taskIdentifier) }) else { return }
        if call.capped {
            call.continuation.resume(returning: call.cap)
        } else {
            call.continuation.resume(
                throwing: error ?? IsolationError(description: "not capped: \(call.body.count) bytes"))
        }
    }
}

/// What the load loop has done so far.
final class LoadCounters: Sendable {
    struct Snapshot {
        var capped = 0
        var bytes = 0
        var failed = 0
        var firstError: String?
    }

    private let state = NIOLockedValueBox(Snapshot())

    var snapshot: Snapshot { state.withLockedValue { $0 } }

    func capped(_ bytes: Int) {
        state.withLockedValue {
            $0.capped += 1
            $0.bytes += bytes
        }
    }

    func failed(_ error: any Error) {
        state.withLockedValue {
            $0.failed += 1
            if $0.firstError == nil { $0.firstError = String(describing: error) }
        }
    }
}
