import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
import NIOSSL

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let decoder = JSONDecoder()

/// AsyncHTTPClient used directly, configured like Courier's shared transport.
struct RawAsyncHTTPClient: Fetcher {
    let client: HTTPClient
    let base: String

    func fetch(_ file: String) async throws -> Int {
        let response = try await client.execute(HTTPClientRequest(url: base + "/" + file), timeout: .seconds(60))
        guard response.status == .ok else { throw URLError(.badServerResponse) }
        let buffer = try await response.body.collect(upTo: 10 * 1024 * 1024)
        let data = buffer.withUnsafeReadableBytes { Data($0) }
        return try decoder.decode([Item].self, from: data).count
    }
}

/// AsyncHTTPClient's delegate API used directly, with its own `ResponseAccumulator`: the API
/// Courier's transport uses for ordinary calls, because its deadline covers the body.
struct RawAsyncHTTPClientDelegate: Fetcher {
    let client: HTTPClient
    let base: String

    func fetch(_ file: String) async throws -> Int {
        let request = try HTTPClient.Request(url: base + "/" + file)
        let accumulator = ResponseAccumulator(request: request, maxBodySize: 10 * 1024 * 1024)
        let task = client.execute(request: request, delegate: accumulator, deadline: .now() + .seconds(60))
        let response = try await task.futureResult.get()
        guard response.status == .ok, let body = response.body else { throw URLError(.badServerResponse) }
        let data = body.withUnsafeReadableBytes { Data($0) }
        return try decoder.decode([Item].self, from: data).count
    }
}

/// URLSession used directly.
struct RawURLSession: Fetcher {
    let session: URLSession
    let base: URL

    func fetch(_ file: String) async throws -> Int {
        let (data, response) = try await session.data(for: URLRequest(url: base.appendingPathComponent(file)))
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
        return try decoder.decode([Item].self, from: data).count
    }
}

/// Courier over a transport.
struct CourierFetcher: Fetcher {
    struct Items: APIRequest {
        typealias Response = [Item]
        var method: HTTPRequest.Method { .get }
        let path: String
    }

    let client: APIClient

    func fetch(_ file: String) async throws -> Int {
        try await client.send(Items(path: "/" + file)).count
    }
}

/// Courier over a transport, asking for the call's report with `response(for:)`.
struct CourierReportingFetcher: Fetcher {
    let client: APIClient

    func fetch(_ file: String) async throws -> Int {
        let response = try await client.response(for: CourierFetcher.Items(path: "/" + file))
        return response.value.count + (response.report?.attempts.count == 1 ? 0 : 1)
    }
}

/// No network: decodes bytes fetched once, the floor under every client.
struct DecodeOnly: Fetcher {
    let bytes: Data

    func fetch(_ file: String) async throws -> Int {
        try decoder.decode([Item].self, from: bytes).count
    }
}

/// Courier over a transport that answers from memory at once: Courier's own cost per call.
///
/// The response head is made once, as decoding alone makes none: building it would be the
/// transport's cost, not Courier's.
struct InMemoryTransport: Transport {
    let bytes: Data
    let response = HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"])

    func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        (response, ResponseBody(bytes))
    }
}

/// The client configurations the benchmark compares.
enum ClientKind: String, CaseIterable {
    case rawAsyncHTTPClient = "raw-ahc"
    case rawAsyncHTTPClientDelegate = "raw-ahc-delegate"
    case courierAsyncHTTPClient = "courier-ahc"
    case rawURLSession = "raw-urlsession"
    case courierURLSession = "courier-urlsession"
    case decodeOnly = "decode-only"
    case courierInMemory = "courier-in-memory"
    case courierInMemoryReport = "courier-in-memory-report"

    /// The client of this kind.
    ///
    /// - Parameters:
    ///   - base: The server's URL.
    ///   - bytes: The file's bytes, for the clients without a network.
    /// - Returns: A fetcher of this kind.
    func makeFetcher(base: URL, bytes: Data = Data()) -> any Fetcher {
        switch self {
        case .rawAsyncHTTPClient:
            RawAsyncHTTPClient(client: Self.httpClient, base: base.absoluteString)
        case .rawAsyncHTTPClientDelegate:
            RawAsyncHTTPClientDelegate(client: Self.httpClient, base: base.absoluteString)
        case .courierAsyncHTTPClient:
            CourierFetcher(
                client: APIClient(baseURL: base, transport: Self.courierTransport))
        case .rawURLSession:
            RawURLSession(session: URLSession(configuration: .default), base: base)
        case .courierURLSession:
            CourierFetcher(client: APIClient(baseURL: base, transport: URLSessionTransport()))
        case .decodeOnly:
            DecodeOnly(bytes: bytes)
        case .courierInMemory:
            CourierFetcher(client: APIClient(baseURL: base, transport: InMemoryTransport(bytes: bytes)))
        case .courierInMemoryReport:
            CourierReportingFetcher(client: APIClient(baseURL: base, transport: InMemoryTransport(bytes: bytes)))
        }
    }

    /// One `HTTPClient` per process, configured as Courier's shared transport is.
    ///
    /// Over HTTPS, `--ca-file PEM` names the authority to trust (verification stays on) and
    /// `--http-version 1.1` keeps AsyncHTTPClient from negotiating HTTP/2.
    static let httpClient: HTTPClient = {
        var configuration = AsyncHTTPClientTransport.recommendedConfiguration
        let arguments = Arguments(CommandLine.arguments)
        if let authority = arguments["ca-file"] {
            var tls = AsyncHTTPClientTransport.recommendedTLSConfiguration
            tls.trustRoots = .file(authority)
            configuration.tlsConfiguration = tls
        }
        if arguments["http-version"] == "1.1" {
            configuration.httpVersion = .http1Only
        }
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// Courier's transport over ``httpClient``, which decompresses as the recommended configuration says.
    static let courierTransport = AsyncHTTPClientTransport(
        client: httpClient, decompressionRatio: AsyncHTTPClientTransport.defaultDecompressionRatio)
}
