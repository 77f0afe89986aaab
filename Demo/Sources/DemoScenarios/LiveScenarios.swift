#if Demo
    import Courier
    import CourierWebSockets
    import Foundation

    /// Beyond the seeds: a live connection. Quotes over a WebSocket behind the token API's bearer
    /// token: the handshake is a call, so the client's authorization interceptor signs it; the
    /// messages each way are typed.
    enum LiveScenarios {
        struct Subscription: Encodable, Sendable {
            var symbols: [String]
        }

        struct Quote: Decodable, Sendable {
            var symbol: String
            var sequence: Int
            var price: Double
        }

        /// `/live/quotes`: sends a subscription, receives quotes.
        struct QuotesSocket: WebSocketRequest {
            typealias Response = Quote
            typealias Outgoing = Subscription
            var path: String { "/live/quotes" }
            var query: QueryParameters { ["count": 5] }
        }

        static let scenarios = [
            Scenario(
                seed: "new", name: "live quotes over a WebSocket, signed by the client's interceptor",
                style: .asyncAwait, run: quotes)
        ]

        static func quotes(_ environment: DemoEnvironment) async -> Outcome {
            let token: Token
            do {
                token = try await environment.client().send(Seed002.LoginRequest())
            } catch {
                return .failed(error)
            }
            let client = environment.client([AuthorizationInterceptor.bearer { token.accessToken }])
            do {
                let (quotes, state) = try await client.withWebSocket(QuotesSocket()) { socket in
                    try await socket.send(Subscription(symbols: ["ACME", "INIT"]))
                    var quotes: [Quote] = []
                    for try await quote in socket.messages {
                        quotes.append(quote)
                        if quotes.count == 10 { break }
                    }
                    return (quotes, socket.state)
                }
                let inOrder = quotes.map(\.sequence) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
                return inOrder && state == .open
                    ? .expected("10 typed quotes for 2 symbols, then closed with 1000")
                    : .unexpected("\(quotes.map(\.sequence)), state \(state)")
            } catch let error as APIError
                where environment.transport is URLSessionTransport && error.kind == .invalidRequest
            {
                // FoundationNetworking's URLSessionWebSocketTask needs a libcurl with WebSockets,
                // which Linux distributions do not ship: refused loudly, before anything is sent.
                return .expected("URLSession: refused before sending (.invalidRequest)")
            } catch {
                return .failed(error)
            }
        }
    }
#endif
