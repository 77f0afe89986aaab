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
        case .relay(let transport, let tap):
            return try await relay(request, over: transport, tap: tap, context: context, upgrade: upgrade)
        }
    }

    /// Opens the handshake over `transport` and carries its bytes through, tapped.
    private static func relay(
        _ request: HTTPRequest, over transport: any Transport, tap: any WebSocketTap, context: TransportContext,
        upgrade: SocketUpgrade
    ) async throws -> (HTTPResponse, ResponseBody) {
        var forwarded = request
        forwarded.headerFields[.secWebSocketExtensions] = nil  // no compression: the tap reads messages
        let (response, body) = try await upgrade.exchange(forwarded, over: transport, context: context)
        guard response.status == .switchingProtocols, upgrade.current != nil else {
            var data = Data()
            for try await chunk in body { data.append(chunk) }
            tap.answered(response, body: data)
            tap.ended()
            return (response, ResponseBody(data))
        }
        tap.answered(response, body: Data())
        upgrade.wrapWriter { TappedWriter(base: $0, tap: tap) }
        return (response, ResponseBody(TappedFrames(base: body, tap: tap)))
    }
}

/// A relayed connection's writer: tells the tap each message the client sends.
private struct TappedWriter: SocketWriter {
    let base: any SocketWriter
    let tap: any WebSocketTap

    func write(_ frame: Data) async throws {
        if let (opcode, payload) = InMemoryWriter.unmasked(frame) {
            if opcode == .text { tap.message(.text(String(decoding: payload, as: UTF8.self)), sent: true) }
            if opcode == .binary { tap.message(.binary(payload), sent: true) }
        }
        try await base.write(frame)
    }

    func writeClose(_ frame: Data, within timeout: Duration) async {
        await base.writeClose(frame, within: timeout)
    }

    func end() {
        base.end()
        tap.ended()
    }
}

/// A relayed connection's inbound bytes, unchanged: the tap is told each message they complete.
private struct TappedFrames: AsyncSequence, Sendable {
    typealias Element = Data
    let base: ResponseBody
    let tap: any WebSocketTap

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: ResponseBody.AsyncIterator
        var parser = FrameParser(limit: .max, portion: .max)
        let tap: any WebSocketTap

        mutating func next() async throws -> Data? {
            guard let chunk = try await base.next() else { return nil }
            for case .message(let message) in (try? parser.parse(chunk)) ?? [] {
                tap.message(message, sent: false)
            }
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), tap: tap)
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
