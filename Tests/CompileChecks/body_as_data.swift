// expect: Write body as a RequestBody
// A body is a RequestBody: raw Data would otherwise be ignored, and the POST sent empty.
import Courier
import Foundation

struct UploadRequest: APIRequest {
    typealias Response = Data
    let bytes: Data
    var method: HTTPRequest.Method { .post }
    var path: String { "/upload" }
    var body: Data? { bytes }
}
