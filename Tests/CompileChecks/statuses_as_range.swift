// expect: Write acceptableStatusCodes as StatusCodes
// Statuses have one vocabulary, StatusCodes: a Range<Int> would otherwise be ignored (2xx only).
import Courier
import Foundation

struct ConditionalRequest: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String { "/item" }
    var acceptableStatusCodes: Range<Int> { 200..<400 }
}
