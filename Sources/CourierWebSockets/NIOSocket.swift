#if CourierNIO
    import AsyncHTTPClient
    import CourierCore
    import Foundation
    import HTTPTypes
    import NIOCore
    import NIOHTTP1
    import NIOPosix
    import NIOSSL
    import NIOTLS

    /// A WebSocket's connection over SwiftNIO, on the event loops of an `AsyncHTTPClientTransport`'s
    /// client: the handshake through NIO's typed HTTP upgrade, then the raw bytes both ways (the
    /// frames are Courier's own, `FrameParser` and `FrameEncoder`).
    ///
    /// Why NIO's upgrade handler and not swift-websocket's client: the client must see a refused
    /// handshake's status and body (a `401` an interceptor refreshes, an error with the server's
    /// words), and swift-websocket's reports only that the upgrade failed. AsyncHTTPClient itself
    /// cannot switch protocols.
    enum NIOSocket {
        /// What the handshake came to.
        enum Upgraded: Sendable {
            /// The server switched: its `101`, and the connection's bytes.
            case switched(HTTPResponseHead, NIOAsyncChannel<ByteBuffer, ByteBuffer>)
            /// The server answered otherwise: its response and body, once read.
            case refused(EventLoopFuture<Refusal>)
        }

        struct Refusal: Sendable {
            var head: HTTPResponseHead
            var body: ByteBuffer
            var exceeded: Bool
        }

        /// Sends the handshake `request` on a connection of its own and returns the response: for a
        /// `101`, with the connection's inbound bytes as its body, its writer handed to `upgrade`.
        static func open(
            _ request: HTTPRequest, over transport: AsyncHTTPClientTransport, context: TransportContext,
            upgrade: SocketUpgrade
        ) async throws -> (HTTPResponse, ResponseBody) {
            guard let url = request.url, let host = url.host(percentEncoded: false), !host.isEmpty else {
                throw APIError(.invalidRequest, "A WebSocket's URL needs a host.", request: request)
            }
            let secure = request.scheme == "https"
            let port = url.port ?? (secure ? 443 : 80)
            // The fields as the transport sends any request's (one `Cookie` line); the upgrade
            // handler writes `Upgrade` and `Connection` itself.
            var fields = request.headerFields
            fields[.upgrade] = nil
            fields[.connection] = nil
            var head = HTTPRequestHead(
                version: .http1_1, method: .GET, uri: request.path ?? "/",
                headers: AsyncHTTPClientTransport.makeHeaders(fields, acceptEncoding: nil))
            head.headers.replaceOrAdd(name: "Host", value: request.authority ?? host)
            let limit = context.bodyLimit
            let upgradeConfiguration = NIOTypedHTTPClientUpgradeConfiguration<Upgraded>(
                upgradeRequestHead: head, upgraders: [RawUpgrader()],
                notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let collector = RefusalCollector(limit: limit, promise: channel.eventLoop.makePromise())
                        try channel.pipeline.syncOperations.addHandler(collector)
                        return .refused(collector.promise.futureResult)
                    }
                })
            var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgradeConfiguration)
            // Frames the server sends right behind its `101` arrive with it: they are the connection's.
            pipeline.leftOverBytesStrategy = .forwardBytes
            let configuration = pipeline
            let tls = secure ? try TLSContext.context(for: transport) : nil
            let pinCheck = secure ? transport.pinCheck(for: host) : nil
            let serverName = isIPAddress(host) ? nil : host
            let group = transport.client.eventLoopGroup
            let result = group.next().makePromise(of: Upgraded.self)
            let timeout = TimeAmount(context.remaining)
            let connecting = ClientBootstrap(group: group)
                .connectTimeout(max(timeout, .milliseconds(1)))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { () throws -> Void in
                        let upgrading = { (channel: any Channel) throws -> Void in
                            result.completeWith(
                                try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                                    configuration: configuration))
                        }
                        guard let tls else { return try upgrading(channel) }
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: tls, serverHostname: serverName))
                        guard let check = pinCheck else { return try upgrading(channel) }
                        // The handshake's request waits for the server's key to match a pin.
                        try channel.pipeline.syncOperations.addHandler(
                            PinGate(check: check, result: result, proceed: upgrading))
                    }
                }
                .connect(host: host, port: port)
            connecting.whenFailure { result.fail($0) }
            let channel = try await connecting.get()
            let upgraded = try await withTaskCancellationHandler {
                try await result.futureResult.get()
            } onCancel: {
                channel.close(promise: nil)
            }
            switch upgraded {
            case .refused(let refusal):
                let refused = try await withTaskCancellationHandler {
                    try await refusal.get()
                } onCancel: {
                    channel.close(promise: nil)
                }
                let response = AsyncHTTPClientTransport.makeResponse(
                    status: refused.head.status, headers: refused.head.headers)
                if refused.exceeded {
                    return (response, .exceedingLimit(announcedLength: nil))
                }
                return (response, ResponseBody(Data(refused.body.readableBytesView)))
            case .switched(let head, let connection):
                let (bytes, writer) = Handover.start(connection, linger: TimeAmount(upgrade.closeTimeout))
                upgrade.switched(to: writer)
                return (
                    AsyncHTTPClientTransport.makeResponse(status: head.status, headers: head.headers),
                    ResponseBody(bytes)
                )
            }
        }

        /// Whether `host` is an IP address (a TLS server name must not be one).
        static func isIPAddress(_ host: String) -> Bool {
            host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        }
    }

    /// Switches to `websocket` whatever the `101` says beyond that: the WebSocket module checks the
    /// accept value and extensions, with the call's errors.
    private struct RawUpgrader: NIOTypedHTTPClientProtocolUpgrader {
        typealias UpgradeResult = NIOSocket.Upgraded
        var supportedProtocol: String { "websocket" }
        var requiredUpgradeHeaders: [String] { [] }
        func addCustom(upgradeRequestHeaders: inout HTTPHeaders) {}
        func shouldAllowUpgrade(upgradeResponse: HTTPResponseHead) -> Bool { true }

        func upgrade(channel: any Channel, upgradeResponse: HTTPResponseHead) -> EventLoopFuture<NIOSocket.Upgraded> {
            channel.eventLoop.makeCompletedFuture {
                .switched(
                    upgradeResponse, try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel))
            }
        }
    }

    /// Reads a refused handshake's response, its body up to the client's limit, then closes the
    /// connection (it is never reused).
    private final class RefusalCollector: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPClientResponsePart

        let limit: Int
        let promise: EventLoopPromise<NIOSocket.Refusal>
        private var head: HTTPResponseHead?
        private var body = ByteBuffer()
        private var done = false

        init(limit: Int, promise: EventLoopPromise<NIOSocket.Refusal>) {
            self.limit = limit
            self.promise = promise
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !done else { return }
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
            case .body(var chunk):
                if body.readableBytes + chunk.readableBytes > limit {
                    finish(context, exceeded: true)
                } else {
                    body.writeBuffer(&chunk)
                }
            case .end:
                finish(context, exceeded: false)
            }
        }

        private func finish(_ context: ChannelHandlerContext, exceeded: Bool) {
            done = true
            if let head {
                promise.succeed(NIOSocket.Refusal(head: head, body: body, exceeded: exceeded))
            } else {
                promise.fail(ChannelError.inputClosed)
            }
            context.close(promise: nil)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            guard !done else { return }
            done = true
            promise.fail(error)
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            if !done {
                done = true
                promise.fail(ChannelError.inputClosed)
            }
            context.fireChannelInactive()
        }
    }

    /// Holds a `wss` handshake until TLS is done and the server's key matches one of the transport's
    /// pins, as its calls are held: on a mismatch the connection closes with nothing sent, and the
    /// handshake fails with the mismatch (`APIError.Kind.tls`, `pinMismatch`).
    private final class PinGate: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny

        let check: @Sendable ([[UInt8]]) -> (any Error)?
        let result: EventLoopPromise<NIOSocket.Upgraded>
        let proceed: (any Channel) throws -> Void
        private var done = false

        init(
            check: @escaping @Sendable ([[UInt8]]) -> (any Error)?, result: EventLoopPromise<NIOSocket.Upgraded>,
            proceed: @escaping (any Channel) throws -> Void
        ) {
            self.check = check
            self.result = result
            self.proceed = proceed
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            guard !done, let tls = event as? TLSUserEvent, case .handshakeCompleted = tls else {
                return context.fireUserInboundEventTriggered(event)
            }
            done = true
            let certificate = try? context.pipeline.syncOperations.nioSSL_peerCertificate()
            let der = (try? certificate?.toDERBytes()).map { [$0] } ?? []
            if let mismatch = check(der) {
                result.fail(mismatch)
                context.close(promise: nil)
                return
            }
            context.fireUserInboundEventTriggered(event)
            let channel = context.channel
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            do {
                try proceed(channel)
            } catch {
                result.fail(error)
                channel.close(promise: nil)
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            if !done {
                done = true
                result.fail(error)
            }
            context.fireErrorCaught(error)
        }

        func channelInactive(context: ChannelHandlerContext) {
            if !done {
                done = true
                result.fail(ChannelError.inputClosed)
            }
            context.fireChannelInactive()
        }
    }

    /// A WebSocket's TLS: the transport's own configuration, as its calls use it (its trust roots,
    /// client certificate, versions), offering HTTP/1.1 only (the upgrade is HTTP/1.1's); the
    /// recommended one over a client made elsewhere, whose configuration cannot be read. The
    /// recommended configuration's context is made once; another one's, per connection.
    private enum TLSContext {
        static let recommended = Result<NIOSSLContext, any Error> {
            try NIOSSLContext(configuration: http1(AsyncHTTPClientTransport.recommendedTLSConfiguration))
        }

        static func context(for transport: AsyncHTTPClientTransport) throws -> NIOSSLContext {
            guard let tls = transport.tlsConfiguration,
                !tls.bestEffortEquals(AsyncHTTPClientTransport.recommendedTLSConfiguration)
            else { return try recommended.get() }
            return try NIOSSLContext(configuration: http1(tls))
        }

        private static func http1(_ configuration: TLSConfiguration) -> TLSConfiguration {
            var configuration = configuration
            configuration.applicationProtocols = ["http/1.1"]
            return configuration
        }
    }

    extension TimeAmount {
        /// A duration, to the nanosecond.
        init(_ duration: Duration) {
            let (seconds, attoseconds) = duration.components
            self = .seconds(seconds) + .nanoseconds(attoseconds / 1_000_000_000)
        }
    }

#endif
