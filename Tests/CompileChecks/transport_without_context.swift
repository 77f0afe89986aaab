// expect: type 'OldTransport' does not conform to protocol 'Transport'
// A transport written against the old two-argument requirement does not compile into one the
// client cannot hand a deadline: there is one requirement, and it takes the context.
import Courier
import Foundation
import HTTPTypes

struct OldTransport: Transport {
    func send(_ request: HTTPRequest, body: OutgoingBody?) async throws -> (HTTPResponse, ResponseBody) {
        (HTTPResponse(status: .ok), ResponseBody(Data()))
    }
}
