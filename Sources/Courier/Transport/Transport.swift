import Foundation
public import HTTPTypes

/// Carries one HTTP exchange over the wire: bytes out, bytes back, nothing else.
///
/// Courier ships ``URLSessionTransport`` and, on Linux, `AsyncHTTPClientTransport`; the
/// `CourierTesting` module ships stubs. Everything else — redirects, deadlines, body limits,
/// retries, authorization, status validation, decoding — is the client's job, so that it behaves
/// the same whatever carries the bytes.
///
/// A transport that can also read a whole body under a deadline of its own conforms to
/// ``BufferingTransport`` as well, which spares every ordinary call a task of its own.
///
/// Implementation requirements:
/// - Do **not** follow redirects: return the `3xx` response as it is.
/// - Return as soon as the response head has arrived; deliver the body through the returned
///   ``ResponseBody`` as it streams in.
/// - Stop promptly when the calling task is cancelled, and stop reading when the body is
///   dropped or its consumer is cancelled.
/// - Send a file body without reading it into memory, and report the bytes sent with
///   ``OutgoingBody/didSend(_:)`` (``OutgoingBody/chunks(ofSize:)`` does it for you).
/// - Hand over the body with any content coding (`Content-Encoding: gzip`) undone, or fail: the
///   client cannot tell a decoded body from an encoded one, since transports keep the
///   `Content-Encoding` field after decoding.
/// - Throw whatever error the underlying library reports; the client maps it to ``APIError``.
///
/// ```swift
/// struct LoopbackTransport: Transport {
///     func send(_ request: HTTPRequest, body: OutgoingBody?) async throws -> (HTTPResponse, ResponseBody) {
///         (HTTPResponse(status: .ok), ResponseBody(Data("pong".utf8)))
///     }
/// }
/// ```
public protocol Transport: Sendable {
    /// Sends a request and returns the response head and its streaming body.
    ///
    /// - Parameters:
    ///   - request: The request, with an absolute scheme, authority and path.
    ///   - body: The request body, if any: bytes, or a file to stream (see ``OutgoingBody``).
    /// - Returns: The response head and its body.
    /// - Throws: Any error of the underlying HTTP library.
    func send(_ request: HTTPRequest, body: OutgoingBody?) async throws -> (HTTPResponse, ResponseBody)
}
