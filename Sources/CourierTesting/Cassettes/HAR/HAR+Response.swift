package import Foundation

extension HAR {
    /// A response: its head and its body; or, for an exchange that failed before its head
    /// (``status`` 0), how it failed.
    package struct Response: Codable, Sendable, Equatable {
        package var status: Int
        package var statusText: String
        package var httpVersion: String
        package var cookies: [Cookie]
        package var headers: [NameValue]
        package var content: Content
        /// The `Location` field's value, or empty.
        package var redirectURL: String
        package var headersSize: Int
        package var bodySize: Int
        package var comment: String?
        /// How the exchange failed, before the head (``status`` 0) or while the body was read.
        package var failure: Failure?
        /// A browser's word for a failed request, like `net::ERR_CONNECTION_REFUSED` (Chromium's
        /// export), read when there is no ``failure``.
        package var browserError: String?

        enum CodingKeys: String, CodingKey {
            case status, statusText, httpVersion, cookies, headers, content, redirectURL, headersSize, bodySize
            case comment
            case failure = "_failure"
            case browserError = "_error"
        }
    }

    /// A response body.
    package struct Content: Codable, Sendable, Equatable {
        /// The body's length in bytes, as handed over (any content coding undone).
        package var size: Int
        package var compression: Int?
        package var mimeType: String
        /// The body as text, or in base64 when ``encoding`` is `base64`; absent when not kept.
        package var text: String?
        package var encoding: String?
        package var comment: String?
        /// How a streamed body arrived: each chunk's length and when it came.
        package var chunks: [Chunk]?

        enum CodingKeys: String, CodingKey {
            case size, compression, mimeType, text, encoding, comment
            case chunks = "_chunks"
        }

        /// The body's bytes.
        package var data: Data {
            guard let text else { return Data() }
            if encoding == "base64" { return Data(base64Encoded: text) ?? Data() }
            return Data(text.utf8)
        }
    }

    /// One chunk of a streamed body, as it arrived.
    package struct Chunk: Codable, Sendable, Equatable {
        /// Milliseconds from the response head to this chunk, on the client's clock.
        package var time: Double
        /// The chunk's length in bytes: the body's text is the chunks in order.
        package var size: Int
    }

    /// How an exchange failed, in Courier's terms: what a replay fails with.
    package struct Failure: Codable, Sendable, Equatable {
        /// `timeout` (the call's deadline), `transportTimeout` (the transport's own), `tls`,
        /// `transport` or `bodyTooLarge`.
        package var kind: String
        /// The call's message, as Courier worded it.
        package var message: String
        /// For `tls`: the reason (`expiredCertificate`, `hostnameMismatch`, …) and the host.
        package var tlsReason: String?
        package var host: String?
        /// What the transport said, without secrets.
        package var underlying: String?
    }
}
