#if CourierNIO
    import NIOConcurrencyHelpers
    import NIOCore
    import NIOHTTP1
    import NIOPosix

    /// An HTTP/1.1 server on 127.0.0.1 that answers each path with the response set for it, its
    /// body written in the slices given (each flushed on its own), for transports to read bytes
    /// the tests choose.
    final class LoopbackServer: Sendable {
        struct Response: Sendable {
            var headers: [(String, String)]
            /// The body, as the slices it is written in.
            var slices: [[UInt8]]
        }

        private let responses: NIOLockedValueBox<[String: Response]>
        private let channel: any Channel

        var port: Int { channel.localAddress?.port ?? 0 }

        private init(responses: NIOLockedValueBox<[String: Response]>, channel: any Channel) {
            self.responses = responses
            self.channel = channel
        }

        static func start() async throws -> LoopbackServer {
            let responses = NIOLockedValueBox<[String: Response]>([:])
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                        try channel.pipeline.syncOperations.addHandler(Handler(responses: responses))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            return LoopbackServer(responses: responses, channel: channel)
        }

        func respond(to path: String, with response: Response?) {
            responses.withLockedValue { $0[path] = response }
        }

        func stop() async throws {
            try await channel.close()
        }

        private final class Handler: ChannelInboundHandler {
            typealias InboundIn = HTTPServerRequestPart
            typealias OutboundOut = HTTPServerResponsePart

            let responses: NIOLockedValueBox<[String: Response]>
            var path = ""

            init(responses: NIOLockedValueBox<[String: Response]>) {
                self.responses = responses
            }

            func channelRead(context: ChannelHandlerContext, data: NIOAny) {
                switch unwrapInboundIn(data) {
                case .head(let head):
                    path = head.uri
                case .body:
                    break
                case .end:
                    let response =
                        responses.withLockedValue { $0[path] }
                        ?? Response(headers: [("Content-Length", "0")], slices: [])
                    let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: HTTPHeaders(response.headers))
                    context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
                    for slice in response.slices {
                        context.writeAndFlush(
                            wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: slice)))), promise: nil)
                    }
                    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                }
            }
        }
    }
#endif
