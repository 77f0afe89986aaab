// expect: candidate has non-matching type 'HTTPMethod'
// A method of the app's own type (seed 004, or Alamofire's `HTTPMethod`) must not compile into a GET.
import Courier
import Foundation

enum HTTPMethod: String {
    case get = "GET"
    case post = "POST"
}

struct LoginRequest: APIRequest {
    typealias Response = Data
    var method: HTTPMethod { .post }
    var path: String { "/login" }
}
