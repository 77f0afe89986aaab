#if Demo
    import Courier
    import CourierTesting
    import Foundation
    import Testing

    /// A stub transport that records what it was sent and answers `reply`.
    final class Recorder: Sendable {
        private let sent = Locked<[(HTTPRequest, Data?)]>([])
        private let reply: StubTransport.Reply

        init(reply: StubTransport.Reply = .json("{}")) {
            self.reply = reply
        }

        var transport: StubTransport {
            StubTransport { request, body in
                self.sent.withLock { $0.append((request, body)) }
                return self.reply
            }
        }

        var requests: [HTTPRequest] { sent.withLock { $0.map(\.0) } }
        var bodies: [Data?] { sent.withLock { $0.map(\.1) } }

        func client(
            baseURL: String = "https://api.example.com", configure: (inout APIClient.Configuration) -> Void = { _ in }
        ) -> APIClient {
            APIClient(baseURL: URL(string: baseURL)!, transport: transport, configure: configure)
        }
    }

    /// A transport that fails the test if anything reaches it.
    struct UnreachableTransport: Transport {
        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            Issue.record("Nothing should have been sent, but \(request.method) \(request.path ?? "") was.")
            throw CancellationError()
        }
    }
#endif
