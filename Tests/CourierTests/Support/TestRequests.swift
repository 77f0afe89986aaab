import Courier

/// A request whose response is ignored, for tests against stubs.
struct StubRequest: APIRequest {
    typealias Response = EmptyResponse
    var method: HTTPRequest.Method = .get
    var path = "/start"
    var query: QueryParameters = [:]
    var headers: HTTPFields = [:]
    var body: RequestBody?
}
