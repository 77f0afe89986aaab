#if Demo
    import Foundation
    import Hummingbird
    import HummingbirdWebSocket
    import NIOCore

    /// Live connections (WebSockets), served by hummingbird-websocket beside the HTTP routes:
    ///
    /// - `/live/echo`: sends every message back as it came (text or binary).
    /// - `/live/quotes`: behind the token API's bearer token (``AuthRoutes``). The client's first
    ///   message subscribes (`{"symbols": ["ACME"]}`); the server then sends `count` quotes per
    ///   symbol (`{"symbol": "ACME", "sequence": 1, "price": 100.25}`, default 5) and waits for the
    ///   client to close. Without a valid token the handshake is refused. (hummingbird-websocket
    ///   answers every refused upgrade with an empty 400, so a 401's refresh is shown against
    ///   Python's `websockets` in the tests, not here.)
    enum LiveRoutes {
        typealias Handler = WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>

        struct Subscription: Codable, Sendable {
            var symbols: [String]
        }

        struct Quote: Codable, Sendable {
            var symbol: String
            var sequence: Int
            var price: Double
        }

        /// The messages the server takes: larger ones end the connection (1009).
        static let maximumMessageSize = 1 << 20

        /// Whether `request` upgrades, and to what.
        static func shouldUpgrade(_ request: HTTPRequest, state: DemoState) async -> ShouldUpgradeResult<Handler> {
            let url = URL(string: "http://demo\(request.path ?? "/")")
            let query = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems } ?? []
            switch url?.path {
            case "/live/echo":
                return .upgrade([:], echo)
            case "/live/quotes":
                let header = request.headerFields[.authorization] ?? ""
                let token = header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : ""
                guard await state.isValid(accessToken: token) else { return .dontUpgrade }
                let count = query.first { $0.name == "count" }?.value.flatMap { Int($0) } ?? 5
                return .upgrade([:], quotes(count: min(max(count, 0), 10_000)))
            default:
                return .dontUpgrade
            }
        }

        static let echo: Handler = { inbound, outbound, _ in
            for try await message in inbound.messages(maxSize: maximumMessageSize) {
                switch message {
                case .text(let text): try await outbound.write(.text(text))
                case .binary(let bytes): try await outbound.write(.binary(bytes))
                }
            }
        }

        static func quotes(count: Int) -> Handler {
            { inbound, outbound, _ in
                let encoder = JSONResponse.encoder
                var messages = inbound.messages(maxSize: maximumMessageSize).makeAsyncIterator()
                guard case .text(let text) = try await messages.next(),
                    let subscription = try? JSONDecoder().decode(Subscription.self, from: Data(text.utf8))
                else { return }  // not a subscription: the connection closes
                for sequence in 1...max(count, 1) where count > 0 {
                    for (index, symbol) in subscription.symbols.enumerated() {
                        let price = 100 + Double(index) * 10 + Double(sequence) / 4
                        let data = try encoder.encode(Quote(symbol: symbol, sequence: sequence, price: price))
                        try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
                    }
                }
                while try await messages.next() != nil {}
            }
        }
    }
#endif
