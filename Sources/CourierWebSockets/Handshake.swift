import CourierCore
import Foundation
import HTTPTypes

/// The opening handshake's fields (RFC 6455, section 4): what the request sends and what the
/// server's `101` must answer.
struct Handshake: Sendable {
    /// `Sec-WebSocket-Key`: 16 random bytes, in Base64.
    let key: String

    init(key: String = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()) {
        self.key = key
    }

    /// The `Sec-WebSocket-Accept` the server must send for ``key``.
    var expectedAccept: String {
        Data(SHA1.hash(Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// Sets the handshake's fields on a request: `Upgrade`, `Connection`, the key and version,
    /// and the subprotocols asked for. A `ws` or `wss` URL is sent as `http` or `https`.
    func prepare(_ request: inout HTTPRequest, subprotocols: [String], offersDeflate: Bool) {
        if request.scheme == "ws" { request.scheme = "http" }
        if request.scheme == "wss" { request.scheme = "https" }
        request.method = .get
        request.headerFields[.upgrade] = "websocket"
        request.headerFields[.connection] = "Upgrade"
        request.headerFields[.secWebSocketKey] = key
        request.headerFields[.secWebSocketVersion] = "13"
        if !subprotocols.isEmpty {
            request.headerFields[.secWebSocketProtocol] = subprotocols.joined(separator: ", ")
        }
        if offersDeflate { request.headerFields[.secWebSocketExtensions] = PerMessageDeflate.offer }
    }

    /// Checks a `101` answer: it must switch to `websocket`, with the accept value for ``key``, a
    /// subprotocol among those asked for (if any), and no extension the client did not offer.
    ///
    /// - Returns: Whether the server agreed to permessage-deflate.
    func check(_ response: HTTPResponse, subprotocols: [String], offeredDeflate: Bool) throws(FrameViolation) -> Bool {
        guard response.headerFields[.upgrade]?.lowercased() == "websocket" else {
            throw .protocolError(
                "the server switched to \(response.headerFields[.upgrade] ?? "no protocol"), not websocket")
        }
        guard response.headerFields[.secWebSocketAccept] == expectedAccept else {
            throw .protocolError("the server's Sec-WebSocket-Accept does not answer the request's key")
        }
        if let chosen = response.headerFields[.secWebSocketProtocol], !subprotocols.contains(chosen) {
            throw .protocolError("the server chose the subprotocol \(chosen), which was not offered")
        }
        return try PerMessageDeflate.agreed(response.headerFields[.secWebSocketExtensions], offered: offeredDeflate)
    }
}

extension HTTPField.Name {
    static let secWebSocketKey = HTTPField.Name("Sec-WebSocket-Key")!
    static let secWebSocketAccept = HTTPField.Name("Sec-WebSocket-Accept")!
    static let secWebSocketVersion = HTTPField.Name("Sec-WebSocket-Version")!
    static let secWebSocketProtocol = HTTPField.Name("Sec-WebSocket-Protocol")!
    static let secWebSocketExtensions = HTTPField.Name("Sec-WebSocket-Extensions")!
}
