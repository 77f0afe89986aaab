public import Foundation
public import HTTPTypes

/// A transport that can also read a whole response into memory under a deadline it enforces
/// itself: the fast path of ordinary calls.
///
/// For a transport that only conforms to ``Transport``, the client enforces each call's deadline
/// by running the call in a task of its own and cancelling that task when the deadline passes.
/// That costs a task and two hops per call. When the transport conforms to this protocol, the
/// client runs the call in the caller's own task and relies on the transport, and on
/// interceptors honouring ``InterceptorContext/deadline``, to end it on time. Both transports
/// Courier ships conform.
///
/// Implementation requirements, beyond ``Transport``'s:
/// - End the exchange, with any error, once `deadline` passes — while connecting, sending, waiting
///   for the head, or reading the body.
/// - Stop reading past `limit` bytes, counted after decompression, and throw an ``APIError`` of
///   kind ``APIError/Kind/bodyTooLarge`` (at once when the announced length of a body without a
///   content coding is already too large).
public protocol BufferingTransport: Transport {
    /// Sends a request and reads its whole response body.
    ///
    /// - Parameters:
    ///   - request: The request, with an absolute scheme, authority and path.
    ///   - body: The request body, if any.
    ///   - limit: The most response bytes to accept.
    ///   - deadline: When the exchange must have ended, body included.
    /// - Returns: The response head and its body.
    /// - Throws: ``APIError/Kind/bodyTooLarge`` past `limit`, or any error of the underlying HTTP
    ///   library (the client reports a failure after the deadline as a timeout).
    func sendBuffered(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        limit: Int,
        deadline: ContinuousClock.Instant
    ) async throws -> (HTTPResponse, Data)
}
