#if CourierNIO
    import AsyncHTTPClient
    import NIOCore
    import NIOHTTP2

    extension AsyncHTTPClientTransport {
        /// `configuration` with each HTTP/2 stream its client opens telling a stream a `GOAWAY`
        /// left unprocessed from one the server reset: before the stream's own handlers, then
        /// the configuration's own initializer, if any.
        ///
        /// A `GOAWAY` guarantees that the server did not process the streams above its last
        /// stream id (RFC 9113, section 6.8), and swift-nio-http2 documents such a stream as
        /// closed with `REFUSED_STREAM` (`StreamClosedEvent`), but 1.46 closes it with `CANCEL`:
        /// the code a server's `RST_STREAM(CANCEL)` carries too, which says nothing of what the
        /// server did. A stream closed with `CANCEL` that received no `RST_STREAM` and sent
        /// none was closed by a `GOAWAY`: its error is named as the library documents it, and
        /// the call path resends the request (``Resend``).
        static func namingUnprocessedStreams(_ configuration: HTTPClient.Configuration) -> HTTPClient.Configuration {
            var configuration = configuration
            let next = configuration.http2StreamChannelDebugInitializer
            configuration.http2StreamChannelDebugInitializer = { channel in
                let pipeline = channel.pipeline.syncOperations
                if (try? pipeline.handler(type: UnprocessedStreamNamer.self)) == nil {
                    do {
                        try pipeline.addHandler(UnprocessedStreamNamer(), position: .first)
                    } catch {
                        return channel.eventLoop.makeFailedFuture(error)
                    }
                }
                return next?(channel) ?? channel.eventLoop.makeSucceededVoidFuture()
            }
            return configuration
        }
    }

    /// Renames a stream's `CANCEL` closure that no `RST_STREAM` caused, in either direction, as
    /// the `REFUSED_STREAM` closure a `GOAWAY` above the stream means. First in the stream's
    /// pipeline, so that it sees every frame and error before AsyncHTTPClient's handlers do.
    private final class UnprocessedStreamNamer: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = HTTP2Frame.FramePayload
        typealias InboundOut = HTTP2Frame.FramePayload
        typealias OutboundIn = HTTP2Frame.FramePayload
        typealias OutboundOut = HTTP2Frame.FramePayload

        /// Whether an `RST_STREAM` was received or sent on the stream.
        private var reset = false

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .rstStream = unwrapInboundIn(data) { reset = true }
            context.fireChannelRead(data)
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if case .rstStream = unwrapOutboundIn(data) { reset = true }
            context.write(data, promise: promise)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            if let closed = error as? NIOHTTP2Errors.StreamClosed, closed.errorCode == .cancel, !reset {
                context.fireErrorCaught(
                    NIOHTTP2Errors.streamClosed(streamID: closed.streamID, errorCode: .refusedStream))
            } else {
                context.fireErrorCaught(error)
            }
        }
    }
#endif
