import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A keep-alive HTTP/1.1 server on 127.0.0.1, in the benchmark's process, that answers every
/// request with the same JSON body. It runs on its own event loop; its allocations per request
/// are as constant as the client's, so they add the same count to every run.
final class LoopbackServer: Sendable {
    static let shared = LoopbackServer()
    static let body = #"[{"id":1,"name":"user 1","email":"user1@example.com","active":false,"score":1.5}]"#

    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// The server's address; the first use starts it.
    var baseURL: URL {
        URL(string: "http://127.0.0.1:\(channel.localAddress!.port!)")!
    }

    private let channel: any Channel

    private init() {
        channel = try! ServerBootstrap(group: group)  // a benchmark without its server cannot run
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Responder())
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .wait()
    }

    /// Answers each request's end with the body.
    private final class Responder: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: String(LoopbackServer.body.utf8.count))
            let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(
                wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: LoopbackServer.body)))),
                promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
