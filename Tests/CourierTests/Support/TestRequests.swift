import Courier

/// A request whose response is ignored, for tests against stubs.
struct StubRequest: APIRequest {
    typealias Response = EmptyResponse
    var method: HTTPRequest.Method = .get
    var path = "/start"
    var query: Query = [:]
    var headers: [String: String] = [:]
    var body: RequestBody?
}
