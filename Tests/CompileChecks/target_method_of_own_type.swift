// expect: candidate has non-matching type 'Method'
// A Moya-style target whose method is another library's type must not compile into a GET.
import Courier
import Foundation

enum Method: String {
    case get = "GET"
    case post = "POST"
}

enum Service: APITarget {
    case create
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: String { "/items" }
    var method: Method { .post }
    var task: TargetTask { .plain }
}
