import AsyncHTTPClient
import Benchmark
import Courier
import Foundation
import NIOCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
// share of a call is 8 allocations in memory (13 - 5) and 18 over AsyncHTTPClient (88 - 70),
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
    let overAnsweringSession = APIClient(
        baseURL: server, transport: URLSessionTransport(configuration: AnsweringProtocol.configuration))
    let rawAnsweringSession = URLSession(configuration: AnsweringProtocol.configuration)

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

    // The transport every iOS app gets, over a session answering in the process
    // (`AnsweringProtocol`). Over the network a call's count varies by tens (libcurl, sockets,
    // timers: 319-371 a call over loopback), and even in the process by a few (156-167), more than
    // one allocation of Courier's. So each sample is the total of 1,000 calls: p90 of 20 samples
    // repeats within 0.1 a call (148.0-148.1 thousand, also beside two CPU hogs), and the
    // tolerance, 500 per 1,000 calls, fails a call that allocates once more.
    // `raw-urlsession-answering` is the session alone (`data(from:)`), for telling Courier's
    // change from FoundationNetworking's.
    let answeringConfiguration = Benchmark.Configuration(
        metrics: [.mallocCountTotal], warmupIterations: 2, scalingFactor: .kilo, maxDuration: .seconds(10),
        maxIterations: 20, thresholds: [.mallocCountTotal: .init(absolute: [.p90: 500])])
    Benchmark("courier-urlsession-answering", configuration: answeringConfiguration) {
        (benchmark: Benchmark) async throws in
        for _ in benchmark.scaledIterations {
            blackHole(try await overAnsweringSession.send(RawItems()))
        }
    }

    Benchmark("raw-urlsession-answering", configuration: answeringConfiguration) {
        (benchmark: Benchmark) async throws in
        for _ in benchmark.scaledIterations {
            blackHole(try await rawAnsweringSession.data(from: URL(string: rawURL)!))
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
