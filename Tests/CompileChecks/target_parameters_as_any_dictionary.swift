// expect: Write parameters as QueryParameters, not [String: Any]
// Moya's parameters are `[String: Any]`: passing them on fails with the way to write them, not
// with "cannot convert value of type '[String : Any]' to expected argument type 'QueryParameters'".
import Courier
import Foundation

enum Search: APITarget {
    case repositories(query: String, page: Int)
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: String { "/search/repositories" }
    var method: HTTPRequest.Method { .get }
    var task: TargetTask {
        switch self {
        case .repositories(let query, let page):
            var parameters: [String: Any] = ["q": query]
            if page > 1 { parameters["page"] = page }
            return .parameters(parameters, encoding: .query)
        }
    }
}
