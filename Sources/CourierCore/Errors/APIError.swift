public import Foundation
public import HTTPTypes

/// The one error every Courier call throws.
///
/// An `APIError` says what went wrong (its ``kind``) and carries the context needed to act on it:
/// the request that was sent (with credentials redacted), the response and its body when the
/// server answered, the underlying error, and the coding path of a decoding failure.
///
/// ```swift
/// do {
///     let user = try await client.send(UserRequest(id: 42))
/// } catch where error.kind == .unacceptableStatus {
///     let problem = error.decodeBody(as: ServerProblem.self)
/// }
/// ```
///
/// Its ``description`` is written for a person and never contains `Authorization`,
/// `Proxy-Authorization`, `Cookie` or `Set-Cookie` values, nor URL credentials.
public struct APIError: Error, CustomStringConvertible {
    /// What went wrong.
    public var kind: Kind

    /// A short explanation for a person.
    public var message: String

    /// The request as it was (or would have been) sent, with credentials redacted.
    public var request: HTTPRequest? {
        didSet { request = request.map(redaction.redact) }
    }

    /// The response, when the server answered.
    public var response: HTTPResponse? {
        didSet { response = response.map(redaction.redact) }
    }

    /// The response body, when the server answered with one.
    public var body: Data?

    /// The error that caused this one, if any (a transport error, a `DecodingError`, …).
    ///
    /// A Foundation networking error is kept without the secrets of the URL it failed on: its
    /// failing URL is scrubbed like ``request``'s, and the rest of its `userInfo` dropped.
    public var underlying: (any Error)? {
        didSet { underlying = underlying.map(redaction.scrub) }
    }

    /// For a decoding failure: the path to the value that failed, like `["data", "[0]", "name"]`.
    public var codingPath: [String]

    /// What is hidden of ``request``, ``response`` and ``underlying`` in the description.
    /// The name of the request type whose call failed, like `ProfileRequest`, when the error
    /// came out of a call.
    public internal(set) var requestName: String?

    /// The type name of the interceptor that raised this error, like `RetryInterceptor`, or
    /// `nil` when it came from the client itself or from the transport.
    public internal(set) var interceptorName: String?

    /// Whether the layer that raised the error has been named: set once an error leaves the
    /// client's own exchange or an interceptor, so that outer interceptors pass it on unchanged.
    var originIsKnown = false

    /// ``delivery`` as the client or an interceptor set it; `nil` to derive it from the kind.
    var knownDelivery: Delivery?

    var redaction = Redaction.standard

    /// The decoder of the call the error came out of (the request's own, or the client's), which
    /// ``decodeBody(as:using:)`` uses by default; `nil` for an error made elsewhere.
    var bodyDecoder: JSONDecoder?

    /// Creates an error.
    ///
    /// Interceptors and custom transports use this to report failures in Courier's own terms.
    /// Credentials in `request` and `response` are redacted on the way in.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - message: A short explanation for a person.
    ///   - request: The request involved, if any.
    ///   - response: The response received, if any.
    ///   - body: The response body received, if any.
    ///   - underlying: The error that caused this one, if any.
    ///   - codingPath: For decoding failures, the path to the failing value.
    public init(
        _ kind: Kind,
        _ message: String,
        request: HTTPRequest? = nil,
        response: HTTPResponse? = nil,
        body: Data? = nil,
        underlying: (any Error)? = nil,
        codingPath: [String] = []
    ) {
        self.kind = kind
        self.message = message
        self.request = request.map(Redaction.standard.redact)
        self.response = response.map(Redaction.standard.redact)
        self.body = body
        self.underlying = underlying.map(Redaction.standard.scrub)
        self.codingPath = codingPath
    }

    /// The response status, when the server answered.
    public var status: HTTPResponse.Status? { response?.status }

    /// Decodes the response body as the API's own error type.
    ///
    /// By default the body is decoded as the call's response would have been: with the request's
    /// (or target's) `decoder`, or the client's when the request has none, so an API whose
    /// documents are in `snake_case` decodes its error documents too.
    ///
    /// - Parameters:
    ///   - type: The type the server uses for error bodies.
    ///   - decoder: The decoder to use; `nil` (the default) for the call's, or a plain
    ///     `JSONDecoder` for an error that did not come out of a call.
    /// - Returns: The decoded value, or `nil` when there is no body or it is not a `type`.
    public func decodeBody<Problem: Decodable>(
        as type: Problem.Type,
        using decoder: JSONDecoder? = nil
    ) -> Problem? {
        guard let body, !body.isEmpty else { return nil }
        return try? (decoder ?? bodyDecoder ?? JSONDecoder()).decode(type, from: body)
    }
}

extension APIError {
    /// This error with `redaction` applied on top of the standard one.
    package func redacted(with redaction: Redaction) -> APIError {
        guard redaction != self.redaction else { return self }
        var error = self
        error.redaction = redaction
        error.request = request.map(redaction.redact)
        error.response = response.map(redaction.redact)
        error.underlying = underlying.map(redaction.scrub)
        return error
    }
}

extension APIError {
    /// The error for a response whose status the request does not accept.
    package static func unacceptableStatus(_ response: HTTPResponse, body: Data?, request: HTTPRequest) -> APIError {
        APIError(
            .unacceptableStatus, "The server answered \(response.status).", request: request, response: response,
            body: body)
    }

    /// The error for a response body larger than the client accepts.
    static func bodyTooLarge(limit: Int, announced: Int?) -> APIError {
        let size = announced.map { "\($0) bytes" } ?? "more"
        return APIError(.bodyTooLarge, "The response body (\(size)) exceeds the limit of \(limit) bytes.")
    }
}
