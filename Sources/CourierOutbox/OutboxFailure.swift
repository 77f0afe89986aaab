public import CourierCore

/// Why an attempt failed, as the outbox keeps it: the error's kind, the status, and a message —
/// never the request, its header fields or its body.
public struct OutboxFailure: Sendable, Hashable, CustomStringConvertible {
    /// The kind of the error the call failed with; `nil` when the server answered with a status
    /// the entry does not accept.
    public let kind: APIError.Kind?

    /// The status the server answered with, if it answered.
    public let status: HTTPResponse.Status?

    /// A short explanation for a person.
    public let message: String

    /// The kind or status, and the message.
    public var description: String {
        let cause = status.map { "\($0)" } ?? kind.map { "\($0)" } ?? "failure"
        return "\(cause): \(message)"
    }

    init(_ stored: StoredEntry.Failure) {
        kind = Self.knownKinds.first { $0.description == stored.kind }
        status = stored.status.map { HTTPResponse.Status(code: $0) }
        message = stored.message
    }

    /// The kinds of `APIError` a stored failure is read back as, by name.
    private static let knownKinds: [APIError.Kind] = [
        .invalidRequest, .encoding, .transport, .tls, .timeout, .cancelled, .tooManyRedirects, .insecureRedirect,
        .bodyTooLarge, .unacceptableStatus, .decoding, .interceptor, .authentication, .storage, .notCached,
    ]
}
