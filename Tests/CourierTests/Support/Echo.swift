import Courier
import Foundation

/// What the demo server's `/echo` saw of a request.
struct Echo: Decodable, Sendable {
    var method: String
    var path: String
    var query: String?
    var queryItems: [[String]]
    var headers: [String: String]
    var body: String
    var bodyLength: Int
}

/// A request to `/echo` (or below it) with everything configurable.
struct EchoRequest: APIRequest {
    typealias Response = Echo
    var method: HTTPRequest.Method = .get
    var path = "/echo"
    var query: Query = [:]
    var headers: [String: String] = [:]
    var body: RequestBody?
}

/// A request whose response is the raw body.
struct RawRequest: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method = .get
    var path: String
    var query: Query = [:]
    var headers: [String: String] = [:]
    var body: RequestBody?
    var timeout: Duration?
    var acceptableStatusCodes: Range<Int> = 200..<300
}

/// A request whose response is ignored, for tests against stubs.
struct StubRequest: APIRequest {
    typealias Response = EmptyResponse
    var method: HTTPRequest.Method = .get
    var path = "/start"
    var query: Query = [:]
    var headers: [String: String] = [:]
    var body: RequestBody?
}

/// What the demo server's `/stats` reports.
struct ServerStats: Decodable, Sendable {
    var streamsCompleted: Int
    var streamsAbandoned: Int
}

struct StatsRequest: APIRequest {
    typealias Response = ServerStats
    var path: String { "/stats" }
}
