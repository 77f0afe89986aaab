import AsyncHTTPClient
import Courier
import Foundation
import NIOCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
        let path: String
    }

    let client: APIClient

    func fetch(_ file: String) async throws -> Int {
        try await client.send(Items(path: "/" + file)).count
    }
}

/// The client configurations the benchmark compares.
enum ClientKind: String, CaseIterable {
    case rawAsyncHTTPClient = "raw-ahc"
    case courierAsyncHTTPClient = "courier-ahc"
    case rawURLSession = "raw-urlsession"
    case courierURLSession = "courier-urlsession"

    func makeFetcher(base: URL) -> any Fetcher {
        switch self {
        case .rawAsyncHTTPClient:
            RawAsyncHTTPClient(client: Self.httpClient, base: base.absoluteString)
        case .courierAsyncHTTPClient:
            CourierFetcher(
                client: APIClient(baseURL: base, transport: AsyncHTTPClientTransport(client: Self.httpClient)))
        case .rawURLSession:
            RawURLSession(session: URLSession(configuration: .default), base: base)
        case .courierURLSession:
            CourierFetcher(client: APIClient(baseURL: base, transport: URLSessionTransport()))
        }
    }

    /// One `HTTPClient` per process, configured as Courier's shared transport is.
    static let httpClient = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: AsyncHTTPClientTransport.recommendedConfiguration
    )
}
