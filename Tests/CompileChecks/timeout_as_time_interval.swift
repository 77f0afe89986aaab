// expect: Write timeout as a Duration
// Times have one vocabulary, Duration: URLSession's TimeInterval would otherwise be ignored.
import Courier
import Foundation

struct SlowRequest: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String { "/slow" }
    var timeout: TimeInterval { 30 }
}
