// expect: Write acceptableStatusCodes as StatusCodes
// Even a set of HTTPResponse.Status is a spelling from elsewhere: StatusCodes says the same.
import Courier
import Foundation

struct ConditionalRequest: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String { "/item" }
    var acceptableStatusCodes: Set<HTTPResponse.Status> { [.ok, .notModified] }
}
