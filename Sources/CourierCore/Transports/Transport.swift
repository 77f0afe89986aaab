import Foundation
public import HTTPTypes

/// Carries one HTTP exchange over the wire: bytes out, bytes back, nothing else.
///
/// Courier ships ``URLSessionTransport`` and, with the `AsyncHTTPClient` trait (on by default on
/// Linux), `AsyncHTTPClientTransport`; the `CourierTesting` module ships stubs. All of them, stubs included, are driven the same way
/// through this one requirement. Everything else — redirects, body limits, retries,
/// authorization, status validation, error mapping, decoding — is the client's job, so that it
/// behaves the same whatever carries the bytes.
///
/// Implementation requirements:
/// - Do **not** follow redirects: return the `3xx` response as it is.
/// - When `context.readsWholeBody`, end the exchange, with any error, by `context.deadline`,
///   with a timer of your own (connecting, sending, waiting for the head, reading the body): a
///   call with nothing else to await runs in the caller's task, where your timer is the only one.
///   Otherwise the client runs the call in a task it cancels at the deadline, and cancellation is
///   enough. Either way a response that comes after the deadline fails the call.
/// - Return as soon as the head has arrived and deliver the body through the returned
///   ``ResponseBody`` as it streams in; or, when `context.readsWholeBody`, read the body first
///   and return it whole (``ResponseBody/init(_:)``). A transport that reads the body itself
///   may stop past `context.bodyLimit` and return ``ResponseBody/exceedingLimit(announcedLength:)``;
///   the client reports the limit either way.
/// - Stop promptly when the calling task is cancelled, and stop reading when the body is
///   dropped or its consumer is cancelled.
/// - Send a file body without reading it into memory, and report the bytes sent with
///   ``OutgoingBody/didSend(_:)`` (``OutgoingBody/chunks(ofSize:)`` does it for you).
/// - Hand over the body with any content coding (`Content-Encoding: gzip`) undone, or fail: the
///   client cannot tell a decoded body from an encoded one, since transports keep the
///   `Content-Encoding` field after decoding.
/// - Throw whatever error the underlying library reports; when the head has arrived but the
///   body failed, return the head with ``ResponseBody/init(failure:)``. The client maps every
///   error to ``APIError`` (a failure once the deadline has passed becomes
///   ``APIError/Kind/timeout``).
///
/// ```swift
/// struct LoopbackTransport: Transport {
///     func send(
///         _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
///     ) async throws -> (HTTPResponse, ResponseBody) {
///         (HTTPResponse(status: .ok), ResponseBody(Data("pong".utf8)))
///     }
/// }
/// ```
public protocol Transport: Sendable {
    /// Sends a request and returns the response head and its body.
    ///
    /// - Parameters:
    ///   - request: The request, with an absolute scheme, authority and path.
    ///   - body: The request body, if any: bytes, or a file to stream (see ``OutgoingBody``).
    ///   - context: This exchange's deadline, body limit and network access.
    /// - Returns: The response head and its body.
    /// - Throws: Any error of the underlying HTTP library.
    func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody)
}
