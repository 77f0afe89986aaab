// expect: protocol requires property 'method' with type 'HTTPRequest.Method'
// Every request states its method: there is no silent GET.
import Courier
import Foundation

struct TodosRequest: APIRequest {
    typealias Response = Data
    var path: String { "/todos" }
}
