// expect: Write headers as HTTPFields
// Moya's `var headers: [String: String]?` on a target fails to compile, with the fix, rather than
// being ignored.
import Courier
import Foundation

enum Service: APITarget {
    case me
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: String { "/me" }
    var method: HTTPRequest.Method { .get }
    var task: TargetTask { .plain }
    var headers: [String: String]? { ["Accept": "application/json"] }
}
