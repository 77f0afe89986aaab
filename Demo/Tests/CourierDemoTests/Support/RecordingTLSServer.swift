#if Demo
    import Foundation
    import NIOCore
    import NIOPosix
    import NIOSSL
    import Synchronization

    /// A raw TLS server on 127.0.0.1 that records every byte it receives after its handshake, for
    /// tests that check that nothing of a request reaches a server the client refused.
    ///
    /// It answers each request's head with an empty `200`, so that a client that trusts it succeeds.
    final class RecordingTLSServer: Sendable {
        /// The port it listens on.
        let port: Int
        private let channel: any Channel
        private let record: Record

        /// What the server saw.
        final class Record: Sendable {
            let received = Mutex<[UInt8]>([])
            let connections = Mutex(0)
        }

        /// The bytes received after TLS handshakes, from every connection.
        var received: String { String(decoding: record.received.withLock { $0 }, as: UTF8.self) }

        /// The connections accepted.
        var connections: Int { record.connections.withLock { $0 } }

        private init(port: Int, channel: any Channel, record: Record) {
            self.port = port
            self.channel = channel
            self.record = record
        }

        /// Starts a server presenting `configuration`'s certificate, runs `body` with it, and stops it.
        static func withRunning<Result: Sendable>(
            _ configuration: TLSConfiguration,
            _ body: (RecordingTLSServer) async throws -> Result
        ) async throws -> Result {
            let context = try NIOSSLContext(configuration: configuration)
            let record = Record()
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    record.connections.withLock { $0 += 1 }
                    return channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                        try channel.pipeline.syncOperations.addHandler(RecordingHandler(record: record))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            let server = RecordingTLSServer(port: channel.localAddress?.port ?? 0, channel: channel, record: record)
            let outcome: Swift.Result<Result, any Error>
            do {
                outcome = .success(try await body(server))
            } catch {
                outcome = .failure(error)
            }
            try? await channel.close()
            return try outcome.get()
        }

        /// `https://127.0.0.1:<port>`.
        var baseURL: URL { URL(string: "https://127.0.0.1:\(port)")! }
    }

    /// Appends what arrives to the record, and answers each request head with an empty `200`.
    private final class RecordingHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let record: RecordingTLSServer.Record
        private var pending: [UInt8] = []

        init(record: RecordingTLSServer.Record) {
            self.record = record
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = Array(buffer: unwrapInboundIn(data))
            record.received.withLock { $0 += bytes }
            pending += bytes
            let endOfHead: [UInt8] = Array("\r\n\r\n".utf8)
            while let end = pending.firstRange(of: endOfHead) {
                pending.removeSubrange(..<end.upperBound)
                let response = "HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response)), promise: nil)
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
#endif
