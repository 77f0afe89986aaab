import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A streamed exchange: the client reads the body as it arrives (a stream, a download, a body
/// not read whole). Two stages, making the task and then streaming it, each ended when the
/// exchange is abandoned (see ``Abandonment``); the client cuts it off at its deadline through
/// cancellation.
extension URLSessionTransport {
    /// Makes the task, registers the exchange with the delegate and waits for the head.
    func streamedExchange(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext,
        _ make: @escaping @Sendable () -> URLSessionTask, _ abandonment: Abandonment
    ) async throws -> (HTTPResponse, ResponseBody) {
        let task = try await makeTask(make, abandonment)
        // A download's body goes to its file from the callbacks, since FoundationNetworking
        // cannot be made to wait for a slower reader.
        let exchange = StreamedTask(body: body, decoding: decoding, download: context.download)
        delegate.register(task, exchange)
        abandonment.route { exchange.abandon(with: $0) }
        return try await head(of: task, exchange, request: request)
    }

    /// Creates a streamed exchange's task, not started yet: on Linux off the cooperative pool
    /// (``SessionControl``), and given up when the exchange is abandoned meanwhile.
    func makeTask(
        _ make: @escaping @Sendable () -> URLSessionTask, _ abandonment: Abandonment
    ) async throws -> URLSessionTask {
        #if canImport(FoundationNetworking)
            let creation = TaskCreation()
            abandonment.route { creation.abandon(with: $0) }
            return try await withCheckedThrowingContinuation { continuation in
                creation.wait(continuation)
                SessionControl.queue.async {
                    guard !creation.isAbandoned else { return }  // no task to make, nor cancel
                    let task = make()
                    if !creation.deliver(task) { task.cancel() }  // abandoned meanwhile
                }
            }
        #else
            return make()
        #endif
    }

    /// Starts the task and waits for the response head.
    func head(
        of task: URLSessionTask, _ exchange: StreamedTask, request: HTTPRequest
    ) async throws -> (HTTPResponse, ResponseBody) {
        let response: URLResponse
        do {
            response = try await exchange.waitForResponse(starting: task)
        } catch {
            throw Self.mapError(error)
        }
        let head = try Self.makeResponse(response)
        let expected = response.expectedContentLength
        let contentEncoding = head.headerFields[.contentEncoding]
        if let coding = decoding.undecoded(
            contentEncoding: contentEncoding, status: head.status.code, isHead: request.method == .head,
            contentLength: expected >= 0 ? Int(expected) : nil)
        {
            task.cancelWithoutWaiting()
            let error = ContentDecodingError(reason: .unsupported, coding: coding, summary: decoding.summary)
            return (head, ResponseBody(failure: error))
        }
        // An encoded body's announced length is the compressed one: the decoded length is unknown.
        let length = ContentDecoding.isEncoded(contentEncoding) ? -1 : expected
        return (head, exchange.body(of: task, expectedLength: length))
    }
}
