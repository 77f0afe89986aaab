#if Demo
    import Courier
    import DemoAPI
    import Foundation

    /// A request to `/echo` (or below it) with everything configurable.
    struct EchoRequest: APIRequest {
        typealias Response = Echo
        var method: HTTPRequest.Method = .get
        var path = "/echo"
        var query: QueryParameters = [:]
        var headers: HTTPFields = [:]
        var body: RequestBody?
    }

    /// A request whose response is the raw body.
    struct RawRequest: APIRequest {
        typealias Response = Data
        var method: HTTPRequest.Method = .get
        var path: String
        var query: QueryParameters = [:]
        var headers: HTTPFields = [:]
        var body: RequestBody?
        var timeout: Duration?
        var acceptableStatusCodes: StatusCodes = .successful
    }

    /// A request whose response is ignored, for tests against stubs.
    struct StubRequest: APIRequest {
        typealias Response = EmptyResponse
        var method: HTTPRequest.Method = .get
        var path = "/start"
        var query: QueryParameters = [:]
        var headers: HTTPFields = [:]
        var body: RequestBody?
    }

    struct StatsRequest: APIRequest {
        typealias Response = DemoState.Stats
        var method: HTTPRequest.Method { .get }
        var path: String { "/stats" }
    }
#endif
