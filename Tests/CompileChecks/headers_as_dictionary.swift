// expect: Write headers as HTTPFields
// A request's headers have one vocabulary, HTTPFields: a `[String: String]` copied from APIKit or
// Moya would otherwise be ignored in silence, and its Authorization never sent.
import Courier
import Foundation

struct ProfileRequest: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String { "/me" }
    var headers: [String: String] { ["Authorization": "Bearer token"] }
}
