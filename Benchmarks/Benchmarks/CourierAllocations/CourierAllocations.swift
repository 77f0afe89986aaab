import AsyncHTTPClient
import Benchmark
import Courier
import Foundation
import NIOCore

// The allocation gate CI runs (`bash Benchmarks/gate.sh`): allocations per call, counted by
// package-benchmark's malloc interposer, checked against `Thresholds/`.
//
// package-benchmark runs each iteration in a task of its own, as an app's calls often are (a
// view's `.task`, a request handler), so a count includes what a call allocates the first time
// in a task (the task allocator's slabs) and the harness's own 5 (`harness-transport-alone`).
// Most benchmarks read the body as `Data`, so that no JSON decoding dilutes what the call path
// allocates. `raw-ahc-delegate` is AsyncHTTPClient alone, for telling Courier's change from a
// dependency's.
//
// The counts repeat from run to run on one toolchain, so the tolerance is none: Courier's own
// share of a call is 8 allocations in memory (13 - 5) and 17 over AsyncHTTPClient (87 - 70),
// and 5 % of either is less than one allocation. A call that allocates once more fails the gate.
let benchmarks: @Sendable () -> Void = { registerBenchmarks() }

func registerBenchmarks() {
    Benchmark.defaultConfiguration = .init(
        metrics: [.mallocCountTotal],
        warmupIterations: 200,
        maxDuration: .seconds(3),
        maxIterations: 2_000,
        thresholds: [.mallocCountTotal: .init(absolute: BenchmarkThresholds.Absolute.strict)]
    )

    // package-benchmark runs the closure once per iteration: what the calls share is made here.
    let inMemory = APIClient(baseURL: URL(string: "http://127.0.0.1")!, transport: InMemoryTransport())
    let server = LoopbackServer.shared.baseURL
    let overLoopback = APIClient(baseURL: server, transport: courierTransport)
    let rawURL = server.absoluteString + "/items"

    Benchmark("courier-in-memory") { (benchmark: Benchmark) async throws in
        for _ in benchmark.scaledIterations {
            blackHole(try await inMemory.send(RawItems()))
        }
    }

    Benchmark("courier-in-memory-decoded") { (benchmark: Benchmark) async throws in
        for _ in benchmark.scaledIterations {
            blackHole(try await inMemory.send(DecodedItems()))
        }
    }

    Benchmark("courier-ahc") { (benchmark: Benchmark) async throws in
        for _ in benchmark.scaledIterations {
            blackHole(try await overLoopback.send(RawItems()))
        }
    }

    Benchmark("raw-ahc-delegate") { (benchmark: Benchmark) async throws in
        for _ in benchmark.scaledIterations {
            let request = try HTTPClient.Request(url: rawURL)
            let accumulator = ResponseAccumulator(request: request, maxBodySize: 1 << 20)
            let task = httpClient.execute(request: request, delegate: accumulator, deadline: .now() + .seconds(60))
            blackHole(try await task.futureResult.get())
        }
    }

    Benchmark("harness-transport-alone") { (benchmark: Benchmark) async throws in
        let transport = InMemoryTransport()
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/items")
        let context = TransportContext(deadline: .now + .seconds(60), bodyLimit: 1 << 20)
        for _ in benchmark.scaledIterations {
            blackHole(try await transport.send(request, body: nil, context: context))
        }
    }
}

/// GET `/items`, the body as it came.
struct RawItems: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String { "/items" }
}

struct Item: Decodable {
    let id: Int
    let name: String
    let email: String
    let active: Bool
    let score: Double
}

struct DecodedItems: APIRequest {
    typealias Response = [Item]
    var method: HTTPRequest.Method { .get }
    var path: String { "/items" }
}

/// Answers every request at once with the same small JSON body: Courier's cost alone.
struct InMemoryTransport: Transport {
    let response = HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"])
    let body = Data(LoopbackServer.body.utf8)

    func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        (response, ResponseBody(self.body))
    }
}

/// One `HTTPClient` for the process, configured as Courier's shared transport is.
let httpClient = HTTPClient(
    eventLoopGroup: HTTPClient.defaultEventLoopGroup,
    configuration: AsyncHTTPClientTransport.recommendedConfiguration
)

let courierTransport = AsyncHTTPClientTransport(
    client: httpClient, decompressionRatio: AsyncHTTPClientTransport.defaultDecompressionRatio)
