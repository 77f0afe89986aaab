// expect: Send a JSON body as an Encodable & Sendable value, not [String: Any]
// An Alamofire-style `[String: Any]` body fails with the way to write it.
import Courier
import Foundation

struct UpdateProfile: APIRequest {
    typealias Response = EmptyResponse
    let fields: [String: Any]
    var method: HTTPRequest.Method { .patch }
    var path: String { "/me" }
    var body: RequestBody? { .json(fields) }
}
