#if Demo
    import NIOCore
    import NIOHPACK
    import NIOHTTP2
    import Synchronization

    /// An `HTTP2FaultServer` connection's streams, frame by frame (there is no stream multiplexer):
    /// each request is recorded when its head arrives and dealt with, as its fault says, once its
    /// body has arrived whole.
    final class FaultyStreams: ChannelInboundHandler {
        typealias InboundIn = HTTP2Frame
        typealias OutboundOut = HTTP2Frame

        private let connection: Int
        private let record: HTTP2FaultServer.Record
        private let fault: HTTP2FaultServer.Script
        private var streams: [HTTP2StreamID: (HTTP2FaultServer.Request, HTTP2FaultServer.Fault)] = [:]
        /// The streams whose answer is scheduled.
        private var answering: Set<HTTP2StreamID> = []
        private var ordinal = 0

        init(
            connection: Int, record: HTTP2FaultServer.Record,
            fault: @escaping HTTP2FaultServer.Script
        ) {
            self.connection = connection
            self.record = record
            self.fault = fault
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            switch frame.payload {
            case .headers(let headers):
                if streams[frame.streamID] == nil { begin(frame.streamID, headers: headers.headers) }
                if headers.endStream { complete(frame.streamID, context: context) }
            case .data(let body):
                // Give the bytes back to the connection and the stream, as a server that reads them.
                let size = body.data.readableBytes
                if size > 0 {
                    context.write(
                        wrapOutboundOut(
                            HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: size))),
                        promise: nil)
                    if !body.endStream {
                        context.write(
                            wrapOutboundOut(
                                HTTP2Frame(streamID: frame.streamID, payload: .windowUpdate(windowSizeIncrement: size))),
                            promise: nil)
                    }
                    context.flush()
                }
                if body.endStream { complete(frame.streamID, context: context) }
            case .rstStream:
                let open = streams.removeValue(forKey: frame.streamID) != nil
                if open || answering.remove(frame.streamID) != nil { closed() }
            default:
                break
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }

        private func begin(_ streamID: HTTP2StreamID, headers: HPACKHeaders) {
            ordinal += 1
            let request = HTTP2FaultServer.Request(
                connection: connection, ordinal: ordinal, streamID: Int(streamID),
                method: headers.first(name: ":method") ?? "", path: headers.first(name: ":path") ?? "")
            record.received.withLock { $0.append(request) }
            let open = record.open.withLock {
                $0 += 1
                return $0
            }
            record.mostOpen.withLock { $0 = max($0, open) }
            streams[streamID] = (request, fault(request))
        }

        private func complete(_ streamID: HTTP2StreamID, context: ChannelHandlerContext) {
            guard let (request, fault) = streams.removeValue(forKey: streamID) else { return }
            switch fault {
            case .answer(let delay):
                act(request)
                answering.insert(streamID)
                let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
                context.eventLoop.scheduleTask(in: TimeAmount(delay)) {
                    let (handler, context) = loopBound.value
                    handler.answer(streamID, context: context)
                }
            case .refuse:
                write(.rstStream(.refusedStream), on: streamID, context: context)
                closed()
            case .goAway(let lastStreamID):
                let goAway = HTTP2Frame.FramePayload.goAway(
                    lastStreamID: HTTP2StreamID(lastStreamID), errorCode: .noError, opaqueData: nil)
                write(goAway, on: .rootStream, context: context)
                closed()
                let channel = context.channel
                context.eventLoop.scheduleTask(in: .milliseconds(100)) { channel.close(promise: nil) }
            case .actThenGoAwayAndClose:
                act(request)
                write(
                    .goAway(lastStreamID: streamID, errorCode: .noError, opaqueData: nil), on: .rootStream,
                    context: context
                )
                closed()
                context.close(promise: nil)
            case .actThenReset(let code):
                act(request)
                write(.rstStream(code), on: streamID, context: context)
                closed()
            case .stall:
                act(request)
                let head = HPACKHeaders([(":status", "200")])
                write(.headers(.init(headers: head)), on: streamID, context: context)
                write(.data(.init(data: .byteBuffer(ByteBuffer(string: "partial")))), on: streamID, context: context)
            }
        }

        private func answer(_ streamID: HTTP2StreamID, context: ChannelHandlerContext) {
            guard answering.remove(streamID) != nil, context.channel.isActive else { return }
            let head = HPACKHeaders([(":status", "200"), ("content-length", "2")])
            write(.headers(.init(headers: head)), on: streamID, context: context)
            write(
                .data(.init(data: .byteBuffer(ByteBuffer(string: "ok")), endStream: true)), on: streamID,
                context: context)
            closed()
        }

        private func write(
            _ payload: HTTP2Frame.FramePayload, on streamID: HTTP2StreamID, context: ChannelHandlerContext
        ) {
            context.writeAndFlush(wrapOutboundOut(HTTP2Frame(streamID: streamID, payload: payload)), promise: nil)
        }

        private func act(_ request: HTTP2FaultServer.Request) {
            record.acted.withLock { $0.append(request) }
        }

        private func closed() {
            record.open.withLock { $0 -= 1 }
        }
    }
#endif
