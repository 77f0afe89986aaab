import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The transport under Courier's WebSockets, used directly: SwiftNIO's `ClientBootstrap` and typed
/// WebSocket client upgrader on the same event loops (`MultiThreadedEventLoopGroup.singleton`,
/// AsyncHTTPClient's default group), NIO's frame encoder and decoder, and the frames as a
/// `NIOAsyncChannel`: what an app that wrote its own WebSocket client on NIO would have.
enum RawClient {
    enum Upgraded: Sendable {
        case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused(HTTPResponseHead?)
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "the echo server refused the WebSocket handshake" }
    }

    struct Closed: Error, CustomStringConvertible {
        var description: String { "the echo server closed the WebSocket" }
    }

    static func run(port: Int, plan: Plan) async throws -> Figures {
        let upgraded = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgraded>(
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                .websocket(
                                    try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(
                                        wrappingChannelSynchronously: channel))
                            }
                        })
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: "127.0.0.1:\(port)")
                    headers.add(name: "Content-Length", value: "0")
                    let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgraded>(
                        upgradeRequestHead: HTTPRequestHead(
                            version: .http1_1, method: .GET, uri: "/echo", headers: headers),
                        upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in
                            channel.eventLoop.makeCompletedFuture { .refused(nil) }
                        })
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: .init(upgradeConfiguration: configuration))
                }
            }
            .get()
        guard case .websocket(let connection) = upgraded else { throw Refused() }
        return try await connection.executeThenClose { inbound, outbound in
            let sender = Sender(outbound: outbound, allocator: connection.channel.allocator)
            var receiver = Receiver(frames: inbound.makeAsyncIterator())
            let figures = try await Exercise.run(plan, sender: sender, receiver: &receiver)
            // Closes with 1000 and waits for the server's close.
            var code = connection.channel.allocator.buffer(capacity: 2)
            code.writeInteger(UInt16(1000))
            try await outbound.write(
                WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: code))
            while let frame = try await receiver.frames.next(), frame.opcode != .connectionClose {}
            return figures
        }
    }

    /// Encodes each note as JSON into a masked text frame.
    struct Sender: NoteSender {
        let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
        let allocator: ByteBufferAllocator
        let encoder = JSONEncoder()

        func send(_ note: Note) async throws {
            let json = try encoder.encode(note)
            var buffer = allocator.buffer(capacity: json.count)
            buffer.writeBytes(json)
            try await outbound.write(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: buffer))
        }
    }

    /// Decodes each text frame's JSON as a note.
    struct Receiver: NoteReceiver {
        var frames: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator
        let decoder = JSONDecoder()

        mutating func receive() async throws -> Note {
            while let frame = try await frames.next() {
                switch frame.opcode {
                case .text, .binary:
                    return try decoder.decode(Note.self, from: Data(frame.unmaskedData.readableBytesView))
                case .connectionClose:
                    throw Closed()
                default:
                    continue
                }
            }
            throw Closed()
        }
    }
}
