import CourierCore
import Foundation
import HTTPTypes

/// A WebSocket served in memory by a ``WebSocketServing`` transport: the `101` answered as a
/// server would (the accept value for the request's key), the server's frames as the connection's
/// inbound bytes, and the client's frames handed to the ``WebSocketPeer``.
enum InMemorySocket {
    static func open(
        _ request: HTTPRequest, serving: any WebSocketServing, context: TransportContext, upgrade: SocketUpgrade
    ) async throws -> (HTTPResponse, ResponseBody) {
        let acceptance = try await serving.acceptWebSocket(request, context: context)
        switch acceptance.answer {
        case .refuse(let response, let body):
            return (response, ResponseBody(body))
        case .accept(let subprotocol, let serve):
            let key = request.headerFields[.secWebSocketKey] ?? ""
            var response = HTTPResponse(status: .switchingProtocols)
            response.headerFields[.upgrade] = "websocket"
            response.headerFields[.connection] = "Upgrade"
            response.headerFields[.secWebSocketAccept] = Handshake(key: key).expectedAccept
            if let subprotocol { response.headerFields[.secWebSocketProtocol] = subprotocol }
            let (bytes, outbound) = AsyncStream.makeStream(of: Data.self)
            let peer = WebSocketPeer(request: request, outbound: outbound)
            let script = Task {
                do {
                    try await serve(peer)
                    peer.scriptEnded(nil)
                } catch {
                    peer.scriptEnded(error)
                }
            }
            upgrade.switched(to: InMemoryWriter(peer: peer, script: script))
            return (response, ResponseBody(bytes))
        }
    }
}

/// The client's side of an in-memory connection: each frame it writes goes to the peer.
struct InMemoryWriter: SocketWriter {
    let peer: WebSocketPeer
    let script: Task<Void, Never>

    func write(_ frame: Data) async throws {
        guard let (opcode, payload) = Self.unmasked(frame) else { return }
        switch opcode {
        case .text: peer.deliver(.text(String(decoding: payload, as: UTF8.self)))
        case .binary: peer.deliver(.binary(payload))
        case .ping: peer.pinged(payload)
        case .close: peer.clientClosed(try? FrameParser.close(payload))
        case .pong, .continuation: break
        }
    }

    func writeClose(_ frame: Data, within timeout: Duration) async {
        try? await write(frame)
    }

    func end() {
        peer.end()
        script.cancel()
    }

    /// A whole client frame's opcode and unmasked payload (the client sends each message in one
    /// frame).
    static func unmasked(_ frame: Data) -> (Opcode, Data)? {
        let bytes = [UInt8](frame)
        guard bytes.count >= 2, let opcode = Opcode(rawValue: bytes[0] & 0x0F) else { return nil }
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126, bytes.count >= 4 {
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127, bytes.count >= 10 {
            length = (0..<8).reduce(0) { $0 << 8 | Int(bytes[2 + $1]) }
            offset = 10
        }
        var key: [UInt8] = [0, 0, 0, 0]
        if bytes[1] & 0x80 != 0 {
            guard bytes.count >= offset + 4 else { return nil }
            key = Array(bytes[offset..<offset + 4])
            offset += 4
        }
        guard bytes.count >= offset + length else { return nil }
        return (opcode, Data((0..<length).map { bytes[offset + $0] ^ key[$0 & 3] }))
    }
}
