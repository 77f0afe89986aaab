// expect: candidate has non-matching type 'MyTask'
// A Moya-style task of the app's own enum must not compile into a target that sends only its path.
import Courier
import Foundation

enum MyTask {
    case requestPlain
    case requestParameters([String: String])
}

enum Service: APITarget {
    case search(String)
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: String { "/search" }
    var method: HTTPRequest.Method { .get }
    var task: MyTask {
        switch self {
        case .search(let text): .requestParameters(["q": text])
        }
    }
}
