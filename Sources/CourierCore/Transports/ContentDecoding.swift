import Foundation
import HTTPTypes

/// Which content codings (RFC 9110 §8.4: `gzip`, `deflate`, …) a transport undoes, and the checks
/// Courier makes on them, the same way over every transport.
///
/// Both transports keep `Content-Encoding` and the encoded `Content-Length` in the response head
/// after decoding the body, so the head cannot tell a decoded body from an encoded one: only the
/// transport knows. Each of Courier's transports describes itself with one of these, and fails a
/// response whose body it would hand over still encoded.
package struct ContentDecoding: Sendable, Equatable {
    /// The `Accept-Encoding` value Courier's transports send for a request that sets none.
    static let acceptEncoding = "gzip, deflate"

    /// The codings the transport removes, lowercased.
    let codings: Set<String>

    /// Whether the transport removes every coding listed (libcurl) or only the first (NIO).
    let decodesStacked: Bool

    /// The largest decoded size, as a multiple of the encoded size, the transport accepts.
    let maximumRatio: Int?

    /// What the transport decodes, for an error message.
    let summary: String

    /// A transport that decodes nothing.
    static func none(_ summary: String) -> ContentDecoding {
        ContentDecoding(codings: [], decodesStacked: false, maximumRatio: nil, summary: summary)
    }

    /// Whether the transport asks for compressed bodies: only when it can decode them.
    var acceptEncoding: String? {
        codings.isEmpty ? nil : Self.acceptEncoding
    }

    /// The codings a `Content-Encoding` value lists, in the order they were applied, lowercased,
    /// without `identity`.
    ///
    /// - Parameter contentEncoding: The field's value; repeated fields joined with commas.
    /// - Returns: The codings, like `["gzip"]`; empty when the body is not encoded.
    static func codings(in contentEncoding: String?) -> [String] {
        tokens(in: contentEncoding).filter { $0 != "identity" }
    }

    /// Every token of a `Content-Encoding` value, lowercased, `identity` included.
    private static func tokens(in contentEncoding: String?) -> [String] {
        guard let contentEncoding, !contentEncoding.isEmpty else { return [] }
        return contentEncoding.split(separator: ",").compactMap { token in
            let coding = token.trimmingCharacters(in: .whitespaces).lowercased()
            return coding.isEmpty ? nil : coding
        }
    }

    /// The first coding the transport would leave on the body, or `nil` when the body arrives
    /// decoded (or there is no body).
    ///
    /// - Parameters:
    ///   - contentEncoding: The response's `Content-Encoding`, repeated fields joined with commas.
    ///   - status: The response status code: `1xx`, `204` and `304` carry no body.
    ///   - isHead: Whether the request was `HEAD`, whose response carries no body.
    ///   - contentLength: The response's `Content-Length`, if any: `0` means no body.
    /// - Returns: The coding, as listed, or `nil`.
    func undecoded(contentEncoding: String?, status: Int, isHead: Bool, contentLength: Int?) -> String? {
        let listed = Self.codings(in: contentEncoding)
        guard !listed.isEmpty, Self.hasBody(status: status, isHead: isHead, contentLength: contentLength) else {
            return nil
        }
        if decodesStacked {
            return listed.first { !codings.contains($0) }
        }
        // NIO's rule: the first element is undone when it is a coding it knows; everything else
        // stays, `identity, gzip` included. NIO skips empty elements but not ones of whitespace
        // alone (the first element of `, ,gzip` is an empty coding, and the body stays gzip), and
        // trims ASCII whitespace only.
        let first = contentEncoding?.split(separator: ",").first?.trimmingCharacters(in: Self.asciiWhitespace)
        return first.map { codings.contains($0.lowercased()) } == true ? listed.dropFirst().first : listed.first
    }

    private static let asciiWhitespace = CharacterSet(charactersIn: " \t")

    /// Whether a response can carry a body: not one to `HEAD`, not `1xx`, `204` or `304`, and not
    /// one announced as empty.
    ///
    /// - Parameters:
    ///   - status: The response status code.
    ///   - isHead: Whether the request was `HEAD`.
    ///   - contentLength: The response's `Content-Length`, if any.
    /// - Returns: `false` when the response has no body to decode.
    static func hasBody(status: Int, isHead: Bool, contentLength: Int?) -> Bool {
        !isHead && status >= 200 && status != 204 && status != 304 && contentLength != 0
    }

    /// Whether a `Content-Encoding` value lists any coding but `identity`.
    package static func isEncoded(_ contentEncoding: String?) -> Bool {
        !codings(in: contentEncoding).isEmpty
    }
}

/// Why a transport could not hand over a decoded response body: a coding it does not undo, or
/// bytes that are not what they claim. (A body that decompresses too far is a
/// ``BodyLimitExceeded``.) Never compressed bytes handed to the decoder.
struct ContentDecodingError: Error {
    enum Reason: Equatable {
        /// The transport does not decode this coding.
        case unsupported
        /// The encoded bytes are not valid data of this coding.
        case corrupt
    }

    /// What went wrong.
    var reason: Reason
    /// The coding, as the `Content-Encoding` field names it, like `gzip`.
    var coding: String
    /// What the transport decodes, for an unsupported coding.
    var summary: String?
    /// The transport's own error, if any.
    var underlying: (any Error)?

    /// The error as the call reports it: ``APIError/Kind/decoding``.
    func apiError(request: HTTPRequest?, response: HTTPResponse?) -> APIError {
        let message =
            switch reason {
            case .unsupported:
                "The response body is encoded with \(coding), which the transport cannot decode"
                    + (summary.map { " (\($0))" } ?? "") + "."
            case .corrupt:
                "The response body is not valid \(coding) data (Content-Encoding: \(coding))."
            }
        return APIError(.decoding, message, request: request, response: response, underlying: underlying)
    }
}
