#if CourierNIO
    import AsyncHTTPClient
    import Foundation
    import HTTPTypes
    import NIOCore
    import NIOHTTP1

    extension AsyncHTTPClientTransport {
        /// Sends a request and reads its whole body, with AsyncHTTPClient enforcing the deadline
        /// over the whole exchange and the transport stopping at the limit as the body arrives.
        ///
        /// This goes through AsyncHTTPClient's delegate API, whose deadline covers the body too
        /// (its `async` API's deadline ends once the head arrives) and whose request can be
        /// cancelled from outside the task, so the call needs no task of its own.
        ///
        /// - Returns: The response head and its body, in memory; a failure after the head as a
        ///   failing body (the server may have acted: a retry must know).
        /// - Throws: AsyncHTTPClient's failures before the head, or `CancellationError`.
        func sendReadingWholeBody(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            let client = try self.client(for: request)
            let clientRequest = try makeDelegateRequest(request, body: body, on: client)
            let collector = BodyCollector(limit: context.bodyLimit, isHead: request.method == .head, decoding: decoding)
            let remaining = ContinuousClock.now.duration(to: context.deadline)
            let task = client.execute(
                request: clientRequest, delegate: collector, deadline: .now() + TimeAmount(remaining))
            let (head, buffer): (HTTPResponseHead, ByteBuffer?)
            do {
                (head, buffer) = try await withTaskCancellationHandler {
                    try await task.futureResult.get()
                } onCancel: {
                    task.cancel()
                }
            } catch {
                let error = Self.native(error)
                // (The future has completed, so the collector's event-loop writes are visible.)
                guard let head = collector.head else { throw await explained(error, request: request) }
                let response = Self.makeResponse(status: head.status, headers: head.headers)
                let hasBody = ContentDecoding.hasBody(
                    status: Int(head.status.code), isHead: request.method == .head,
                    contentLength: head.headers.first(name: "content-length").flatMap { Int($0) })
                var body = ResponseBody(Data())
                if !Self.isSpuriousTruncation(error, hasBody: hasBody) {
                    let decompressionError = collector.contentEncoding.flatMap {
                        Self.decompressionError(from: error, contentEncoding: $0, ratio: decoding.maximumRatio)
                    }
                    body = ResponseBody(failure: decompressionError ?? error)
                }
                body.httpVersion = Self.versionName(head.version)
                return (response, body)
            }
            let data = buffer.map { buffer in buffer.withUnsafeReadableBytes { Data($0) } } ?? Data()
            var body = ResponseBody(metered: data)
            body.httpVersion = Self.versionName(head.version)
            return (Self.makeResponse(status: head.status, headers: head.headers), body)
        }

        /// Converts a request to the delegate API's request type.
        private func makeDelegateRequest(
            _ request: HTTPRequest, body: OutgoingBody?, on client: HTTPClient
        ) throws -> HTTPClient.Request {
            return try HTTPClient.Request(
                url: Self.urlString(of: request),
                method: HTTPMethod(rawValue: request.method.rawValue),
                headers: Self.makeHeaders(request.headerFields, acceptEncoding: decoding.acceptEncoding),
                body: body.map { makeDelegateBody($0, on: client) }
            )
        }

        private func makeDelegateBody(_ body: OutgoingBody, on client: HTTPClient) -> HTTPClient.Body {
            if let data = body.data, !body.reportsProgress {
                return .bytes(data)
            }
            // Read as AsyncHTTPClient asks for more, so a file never sits in memory whole.
            let eventLoop = client.eventLoopGroup.any()
            return .stream(contentLength: body.length >= 0 ? body.length : nil) { writer in
                let written = eventLoop.makePromise(of: Void.self)
                written.completeWithTask {
                    for try await chunk in body.chunks() {
                        try await writer.write(.byteBuffer(ByteBuffer(bytes: chunk))).get()
                    }
                }
                return written.futureResult
            }
        }
    }

    /// Collects a response body up to a limit, failing the request as soon as it is exceeded.
    // @unchecked Sendable: AsyncHTTPClient calls a delegate's methods one at a time (each waits
    // for the future the previous one returned) on the task's event loop, so `head`,
    // `contentEncoding`, `meter` and `body` are never touched by two threads; the methods assert the
    // event loop in debug builds. `head` and `contentEncoding` are read from outside only after the
    // task's future has completed, which orders it after.
    private final class BodyCollector: HTTPClientResponseDelegate, @unchecked Sendable {
        typealias Response = (HTTPResponseHead, ByteBuffer?)

        private let limit: Int
        private let isHead: Bool
        private let decoding: ContentDecoding
        private(set) var head: HTTPResponseHead?
        /// The response's `Content-Encoding`, when its body arrives decompressed.
        private(set) var contentEncoding: String?
        private var meter = BodyMeter.unlimited
        private var body: ByteBuffer?

        init(limit: Int, isHead: Bool, decoding: ContentDecoding) {
            self.limit = limit
            self.isHead = isHead
            self.decoding = decoding
        }

        func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
            task.eventLoop.assertInEventLoop()
            self.head = head
            let announced = head.headers.first(name: "content-length").flatMap { Int($0) }
            let contentEncoding = AsyncHTTPClientTransport.contentEncoding(of: head.headers)
            if let coding = decoding.undecoded(
                contentEncoding: contentEncoding, status: Int(head.status.code), isHead: isHead,
                contentLength: announced)
            {
                let error = ContentDecodingError(reason: .unsupported, coding: coding, summary: decoding.summary)
                return task.eventLoop.makeFailedFuture(error)
            }
            // The announced length of an encoded body is the compressed one, which NIO's decompressor
            // holds to its ratio; the limit counts decompressed bytes.
            let encoded = ContentDecoding.isEncoded(contentEncoding)
            if encoded { self.contentEncoding = contentEncoding }
            do {
                meter = try BodyMeter(
                    limit: limit, announcedLength: isHead ? nil : announced,
                    contentEncoding: encoded ? contentEncoding : nil)
            } catch {
                return task.eventLoop.makeFailedFuture(error)
            }
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
            task.eventLoop.assertInEventLoop()
            do {
                try meter.add(buffer.readableBytes)
            } catch {
                return task.eventLoop.makeFailedFuture(error)
            }
            if body == nil {
                body = buffer
            } else {
                var buffer = buffer
                body?.writeBuffer(&buffer)
            }
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
            task.eventLoop.assertInEventLoop()
            guard let head else { throw HTTPClientError.remoteConnectionClosed }
            return (head, body)
        }
    }
#endif
