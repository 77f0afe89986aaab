#if os(Linux) || os(Android)
    import AsyncHTTPClient
    public import Foundation
    public import HTTPTypes
    import NIOCore
    import NIOHTTP1

    extension AsyncHTTPClientTransport: BufferingTransport {
        /// Sends a request and reads its whole body, with AsyncHTTPClient enforcing the deadline
        /// over the whole exchange and the limit as the body arrives.
        ///
        /// This goes through AsyncHTTPClient's delegate API, whose deadline covers the body too
        /// (its `async` API's deadline ends once the head arrives) and whose request can be
        /// cancelled from outside the task, so the client needs no task of its own for the call.
        ///
        /// - Parameters:
        ///   - request: The request.
        ///   - body: The request body, if any; a file is streamed from disk.
        ///   - limit: The most response bytes to accept.
        ///   - deadline: When the exchange must have ended.
        /// - Returns: The response head and its body.
        /// - Throws: ``APIError/Kind/bodyTooLarge`` past `limit` (counted on decompressed bytes) or
        ///   past the decompression ratio; ``APIError/Kind/decoding`` for a body the client would
        ///   hand over still encoded, or corrupt compressed data; AsyncHTTPClient's failures as an
        ///   ``APIError`` carrying the response head when it had arrived (`.transport`, also once
        ///   the deadline passes), or `CancellationError`.
        public func sendBuffered(
            _ request: HTTPRequest,
            body: OutgoingBody?,
            limit: Int,
            deadline: ContinuousClock.Instant
        ) async throws -> (HTTPResponse, Data) {
            let clientRequest = try makeDelegateRequest(request, body: body)
            let collector = BodyCollector(limit: limit, isHead: request.method == .head, decoding: decoding)
            let remaining = ContinuousClock.now.duration(to: deadline)
            let task = client.execute(
                request: clientRequest, delegate: collector, deadline: .now() + TimeAmount(remaining))
            let (head, buffer): (HTTPResponseHead, ByteBuffer?)
            do {
                (head, buffer) = try await withTaskCancellationHandler {
                    try await task.futureResult.get()
                } onCancel: {
                    task.cancel()
                }
            } catch let error as HTTPClientError where error == .cancelled {
                throw CancellationError()
            } catch let error where !(error is APIError) {
                // (The future has completed, so the collector's event-loop writes are visible.)
                if let head = collector.head,
                    Self.isSpuriousTruncation(
                        error,
                        hasBody: ContentDecoding.hasBody(
                            status: Int(head.status.code), isHead: request.method == .head,
                            contentLength: head.headers.first(name: "content-length").flatMap { Int($0) }))
                {
                    return (Self.makeResponse(status: head.status, headers: head.headers), Data())
                }
                // After the head, the server may have acted: say so, so a retry does not repeat it.
                let response = collector.head.map { Self.makeResponse(status: $0.status, headers: $0.headers) }
                let decodingError = collector.contentEncoding.flatMap {
                    Self.contentDecodingError(from: error, contentEncoding: $0, ratio: decoding.maximumRatio)
                }
                throw Pipeline.mapTransportError(decodingError ?? error, request: request, response: response)
            }
            let data = buffer.map { buffer in buffer.withUnsafeReadableBytes { Data($0) } } ?? Data()
            return (Self.makeResponse(status: head.status, headers: head.headers), data)
        }

        /// Converts a request to the delegate API's request type.
        private func makeDelegateRequest(_ request: HTTPRequest, body: OutgoingBody?) throws -> HTTPClient.Request {
            guard let url = request.url else { throw HTTPClientError.invalidURL }
            return try HTTPClient.Request(
                url: url,
                method: HTTPMethod(rawValue: request.method.rawValue),
                headers: Self.makeHeaders(request.headerFields, acceptEncoding: decoding.acceptEncoding),
                body: body.map(makeDelegateBody)
            )
        }

        private func makeDelegateBody(_ body: OutgoingBody) -> HTTPClient.Body {
            if let data = body.data, !body.reportsProgress {
                return .bytes(data)
            }
            // Read as AsyncHTTPClient asks for more, so a file never sits in memory whole.
            let eventLoop = client.eventLoopGroup.any()
            return .stream(contentLength: body.length) { writer in
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
    // `contentEncoding` and `body` are never touched by two threads; the methods assert the event
    // loop in debug builds. `head` and `contentEncoding` are read from outside only after the
    // task's future has completed, which orders it after.
    private final class BodyCollector: HTTPClientResponseDelegate, @unchecked Sendable {
        typealias Response = (HTTPResponseHead, ByteBuffer?)

        private let limit: Int
        private let isHead: Bool
        private let decoding: ContentDecoding
        private(set) var head: HTTPResponseHead?
        /// The response's `Content-Encoding`, when its body arrives decompressed.
        private(set) var contentEncoding: String?
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
            if ContentDecoding.isEncoded(contentEncoding) {
                // The announced length is the compressed one: the limit counts decompressed bytes.
                self.contentEncoding = contentEncoding
            } else if !isHead, let announced, announced > limit {
                return task.eventLoop.makeFailedFuture(tooLarge(head, announced: announced))
            }
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
            task.eventLoop.assertInEventLoop()
            if body == nil {
                body = buffer
            } else {
                var buffer = buffer
                body?.writeBuffer(&buffer)
            }
            if let head, (body?.readableBytes ?? 0) > limit {
                return task.eventLoop.makeFailedFuture(tooLarge(head, announced: nil))
            }
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
            task.eventLoop.assertInEventLoop()
            guard let head else { throw HTTPClientError.remoteConnectionClosed }
            return (head, body)
        }

        private func tooLarge(_ head: HTTPResponseHead, announced: Int?) -> any Error {
            if let coding = ContentDecoding.codings(in: contentEncoding).first {
                return ContentDecodingError(reason: .tooLarge(limit), coding: coding)
            }
            var error = APIError.bodyTooLarge(limit: limit, announced: announced)
            error.response = AsyncHTTPClientTransport.makeResponse(status: head.status, headers: head.headers)
            return error
        }
    }
#endif
