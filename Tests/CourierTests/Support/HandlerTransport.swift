import Courier
import Foundation
import HTTPTypes

/// A transport that answers each request with what `handler` returns, and records the paths.
struct HandlerTransport: Transport {
    let handler: @Sendable (HTTPRequest) -> (HTTPFields, String)
    let paths = Locked<[String]>([])

    func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        paths.withLock { $0.append(request.path ?? "") }
        let (fields, body) = handler(request)
        return (HTTPResponse(status: .ok, headerFields: fields), ResponseBody(Data(body.utf8)))
    }
}
