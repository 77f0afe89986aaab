import Courier
import CourierTesting
import Foundation
import Testing

/// What the cassette tests share: a scratch folder, requests, and a HAR file read back.
enum Cassettes {
    static let base = URL(string: "https://api.example.com")!

    /// A new file path in a folder of its own, removed by the caller.
    static func scratch(_ name: String = "cassette") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("courier-cassettes-\(UUID().uuidString)")
            .appendingPathComponent("\(name).har")
    }

    static func remove(_ file: URL) {
        try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
    }

    /// The file's JSON.
    static func json(_ file: URL) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    }

    /// The file's entries.
    static func entries(_ file: URL) throws -> [[String: Any]] {
        let log = try #require(try json(file)["log"] as? [String: Any])
        return try #require(log["entries"] as? [[String: Any]])
    }

    /// A transport that must not be reached: replays never touch the network.
    static let offline = StubTransport { request, _ in
        Issue.record("the upstream transport was reached: \(request.method) \(request.path ?? "")")
        throw URLError(.notConnectedToInternet)
    }

    static func client(_ transport: some Transport, configure: (inout APIClient.Configuration) -> Void = { _ in })
        -> APIClient
    {
        APIClient(baseURL: base, transport: transport, configure: configure)
    }
}

struct User: Codable, Equatable, Sendable {
    var id: Int
    var name: String
}

struct GetUser: APIRequest {
    typealias Response = User
    var method: HTTPRequest.Method { .get }
    var id = 1
    var query: QueryParameters = [:]
    var headers: HTTPFields = [:]
    var path: String { "/users/\(id)" }
}

struct CreateUser: APIRequest {
    typealias Response = User
    var user: User
    var method: HTTPRequest.Method { .post }
    var path: String { "/users" }
    var body: RequestBody? { .json(user) }
}

struct Avatar: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String { "/avatar.png" }
}
