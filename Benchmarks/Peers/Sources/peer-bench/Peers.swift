import Alamofire
import Foundation
import Get

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One decoder for every call, as courier-bench's raw clients have.
let decoder = JSONDecoder()

/// Alamofire's `Session` with its default configuration: GET, check 200, decode `[Item]`.
struct AlamofireFetcher: Fetcher {
    let session: Session
    let base: URL

    func fetch(_ file: String) async throws -> Int {
        let response = await session.request(base.appendingPathComponent(file))
            .serializingDecodable([Item].self, decoder: decoder).response
        guard response.response?.statusCode == 200 else { throw URLError(.badServerResponse) }
        return try response.result.get().count
    }
}

/// Get's `APIClient` (over its own `URLSession`, default configuration): GET, check 200, decode `[Item]`.
struct GetFetcher: Fetcher {
    let client: APIClient

    func fetch(_ file: String) async throws -> Int {
        let response = try await client.send(Request<[Item]>(path: "/" + file))
        guard response.statusCode == 200 else { throw URLError(.badServerResponse) }
        return response.value.count
    }
}

/// The peers the benchmark measures.
enum PeerKind: String, CaseIterable {
    case alamofire
    case get

    /// The client of this kind, for the server at `base`.
    func makeFetcher(base: URL) -> any Fetcher {
        switch self {
        case .alamofire:
            AlamofireFetcher(session: Session(), base: base)
        case .get:
            GetFetcher(client: APIClient(baseURL: base))
        }
    }
}
