#if Demo
    import Foundation
    import NIOCore
    import NIOPosix
    import Synchronization

    /// An HTTP proxy on 127.0.0.1 for the proxy tests: `CONNECT host:port` opens a tunnel (the only
    /// way AsyncHTTPClient uses a proxy, for `http` too); anything else is refused. It records each
    /// request head it receives and every byte that went through a tunnel.
    final class TestProxy: Sendable {
        /// The port it listens on.
        let port: Int
        let record: Record

        /// What the proxy saw.
        final class Record: Sendable {
            /// The request heads clients sent the proxy, as text.
            let heads = Mutex<[String]>([])
            /// The bytes clients sent through `CONNECT` tunnels.
            let tunnelled = Mutex<[UInt8]>([])
        }

        private init(port: Int, record: Record) {
            self.port = port
            self.record = record
        }

        /// The request heads received, as text.
        var heads: [String] { record.heads.withLock { $0 } }

        /// What went through tunnels, as text (TLS: it should read as noise).
        var tunnelled: String { String(decoding: record.tunnelled.withLock { $0 }, as: UTF8.self) }

        /// Starts a proxy that requires `credentials` (the value of `Proxy-Authorization`) when given,
        /// runs `body` with it, and stops it.
        static func withRunning<Result: Sendable>(
            requiring credentials: String? = nil,
            _ body: (TestProxy) async throws -> Result
        ) async throws -> Result {
            let record = Record()
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            ProxyFrontHandler(record: record, credentials: credentials))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            let proxy = TestProxy(port: channel.localAddress?.port ?? 0, record: record)
            let outcome: Swift.Result<Result, any Error>
            do {
                outcome = .success(try await body(proxy))
            } catch {
                outcome = .failure(error)
            }
            try? await channel.close()
            return try outcome.get()
        }
    }

    /// Reads a request head, answers or forwards it, then glues the connection to the target's.
    private final class ProxyFrontHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let record: TestProxy.Record
        let credentials: String?
        private var pending: [UInt8] = []
        private var headRead = false

        init(record: TestProxy.Record, credentials: String?) {
            self.record = record
            self.credentials = credentials
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            pending += Array(buffer: unwrapInboundIn(data))
            guard !headRead, let end = pending.firstRange(of: Array("\r\n\r\n".utf8)) else { return }
            headRead = true
            let head = String(decoding: pending[..<end.lowerBound], as: UTF8.self)
            pending.removeSubrange(..<end.upperBound)  // a client waits for the tunnel: usually empty
            record.heads.withLock { $0.append(head) }
            var lines = head.components(separatedBy: "\r\n")
            let requestLine = lines.removeFirst().split(separator: " ").map(String.init)
            guard requestLine.count == 3 else { return refuse(context: context, status: "400 Bad Request") }
            let presented = lines.first { $0.lowercased().hasPrefix("proxy-authorization:") }
                .map { $0.dropFirst("proxy-authorization:".count).trimmingCharacters(in: .whitespaces) }
            if let credentials, presented != credentials {
                return refuse(
                    context: context, status: "407 Proxy Authentication Required",
                    extra: "Proxy-Authenticate: Basic realm=\"test\"\r\n")
            }
            let target = requestLine[1].split(separator: ":")
            guard requestLine[0] == "CONNECT", target.count == 2, let port = Int(target[1]) else {
                return refuse(context: context, status: "405 Method Not Allowed")
            }
            connect(context: context, host: String(target[0]), port: port)
        }

        private func refuse(context: ChannelHandlerContext, status: String, extra: String = "") {
            let response = "HTTP/1.1 \(status)\r\n\(extra)Content-Length: 0\r\nConnection: close\r\n\r\n"
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }

        private func connect(context: ChannelHandlerContext, host: String, port: Int) {
            let (front, back) = GlueHandler.matchedPair(recording: record)
            ClientBootstrap(group: context.eventLoop)
                .connect(host: host, port: port)
                .assumeIsolated()
                .whenComplete { result in
                    switch result {
                    case .success(let channel):
                        let established = "HTTP/1.1 200 Connection Established\r\n\r\n"
                        context.writeAndFlush(self.wrapOutboundOut(ByteBuffer(string: established)), promise: nil)
                        if !self.pending.isEmpty {  // sent before the tunnel was open
                            self.record.tunnelled.withLock { $0 += self.pending }
                            channel.writeAndFlush(ByteBuffer(bytes: self.pending), promise: nil)
                            self.pending = []
                        }
                        do {
                            try channel.pipeline.syncOperations.addHandler(back)
                            try context.pipeline.syncOperations.addHandler(front)
                            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
                        } catch {
                            context.close(promise: nil)
                            channel.close(promise: nil)
                        }
                    case .failure:
                        self.refuse(context: context, status: "502 Bad Gateway")
                    }
                }
        }
    }

    /// Copies what one channel reads to the other, both on one event loop (after swift-nio's
    /// connect-proxy example); the front one records what it reads when given a record.
    private final class GlueHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        private var partner: GlueHandler?
        private var context: ChannelHandlerContext?
        private let record: TestProxy.Record?

        private init(record: TestProxy.Record?) {
            self.record = record
        }

        static func matchedPair(recording record: TestProxy.Record?) -> (GlueHandler, GlueHandler) {
            let front = GlueHandler(record: record)
            let back = GlueHandler(record: nil)
            front.partner = back
            back.partner = front
            return (front, back)
        }

        func handlerAdded(context: ChannelHandlerContext) {
            self.context = context
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            self.context = nil
            partner = nil
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            if let record {
                record.tunnelled.withLock { $0 += Array(buffer: buffer) }
            }
            partner?.write(buffer)
        }

        private func write(_ buffer: ByteBuffer) {
            context?.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            partner?.context?.close(promise: nil)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
#endif
