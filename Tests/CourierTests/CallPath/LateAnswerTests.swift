import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierCore

/// An answer read after the call's deadline ends the call as a timeout, whatever it says, also
/// where the call runs in the caller's task (no interceptors, the system clock) and trusts the
/// transport's own timer, which a loaded machine runs late: the client checks its clock when the
/// answer comes.
@Suite("Answers read after the deadline")
struct LateAnswerTests {
    /// A transport whose timer is late: it answers `delay` after the request, whatever the
    /// deadline.
    struct LateTransport: Transport {
        let delay: Duration
        let status: HTTPResponse.Status

        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            try await Task.sleep(for: delay)
            return (HTTPResponse(status: status), ResponseBody(Data(#"{"error": "busy"}"#.utf8)))
        }
    }

    struct Ping: APIRequest {
        typealias Response = Data
        var method: HTTPRequest.Method { .get }
        var path: String { "/ping" }
    }

    /// Sends a call with a deadline of `timeout` over a transport that answers after `delay`.
    func send(status: HTTPResponse.Status, after delay: Duration, timeout: Duration) async -> APIError? {
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!, transport: LateTransport(delay: delay, status: status)
        ) {
            $0.timeout = timeout
        }
        #expect(client.resolved.awaitsOnlyTheTransport)  // the call runs in this task
        do {
            _ = try await client.send(Ping())
            return nil
        } catch {
            return error
        }
    }

    @Test func aStatusReadAfterTheDeadlineIsATimeoutWithTheResponse() async {
        let error = await send(status: .serviceUnavailable, after: .milliseconds(500), timeout: .milliseconds(200))
        #expect(error?.kind == .timeout)
        #expect(error?.response?.status == .serviceUnavailable)
    }

    @Test func aValueReadAfterTheDeadlineIsATimeout() async {
        let error = await send(status: .ok, after: .milliseconds(500), timeout: .milliseconds(200))
        #expect(error?.kind == .timeout)
    }

    @Test func aStatusReadInTimeIsTheStatus() async {
        // A deadline no loaded machine reaches (CI ran this test for 11 s beside the others).
        let error = await send(status: .serviceUnavailable, after: .zero, timeout: .seconds(60))
        #expect(error?.kind == .unacceptableStatus)
        #expect(error?.body.map { String(decoding: $0, as: UTF8.self) } == #"{"error": "busy"}"#)
    }
}
