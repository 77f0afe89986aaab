// expect: is unavailable: On Linux, enable the OpenCombine trait
// On Linux without Courier's OpenCombine trait, the Combine API says how to get it.
import Courier
import CourierCombine
import Foundation

struct TodosRequest: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String { "/todos" }
}

func load(_ client: APIClient) {
    _ = client.publisher(for: TodosRequest())
}
