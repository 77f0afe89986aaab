// expect: Send a JSON body as an Encodable & Sendable value, not [String: Any]
// A Moya case that carries `[String: Any]` fails Swift's own Sendable check (a target is Sendable),
// whose words Courier cannot change; where the payload is sent, the message says what to carry
// instead.
import Courier
import Foundation

enum Issues: APITarget {
    case update(id: Int, fields: [String: Any])
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: String {
        switch self {
        case .update(let id, _): "/issues/\(id)"
        }
    }
    var method: HTTPRequest.Method { .patch }
    var task: TargetTask {
        switch self {
        case .update(_, let fields): .json(fields)
        }
    }
}
