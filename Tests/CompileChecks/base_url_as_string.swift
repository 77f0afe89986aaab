// expect: Write baseURL as a URL
// A base URL is a URL (or URL?, for the client's): a String would otherwise be ignored.
import Courier
import Foundation

struct StatusRequest: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String { "/status" }
    var baseURL: String { "https://api.example.com" }
}
