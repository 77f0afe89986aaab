#if CourierNIO
    import AsyncHTTPClient
    import NIOHTTP1
    import NIOHTTPCompression

    extension AsyncHTTPClientTransport {
        /// What a client decodes: with `decompression: .enabled(limit: .ratio(ratio))`, NIO's
        /// response decompressor undoes `gzip` or `deflate` (zlib-wrapped) when it is the first
        /// coding listed, and passes every other body through as it came.
        static func contentDecoding(ratio: Int?) -> ContentDecoding {
            guard let ratio else {
                return .none("this AsyncHTTPClientTransport's HTTPClient was declared without decompression")
            }
            return ContentDecoding(
                codings: ["gzip", "deflate"], decodesStacked: false, maximumRatio: ratio,
                summary: "AsyncHTTPClient decodes gzip and deflate only")
        }

        /// A response's `Content-Encoding` fields, joined with commas, or `nil` without any.
        static func contentEncoding(of headers: HTTPHeaders) -> String? {
            let values = headers["content-encoding"]
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }

        /// Whether `error` is NIO's complaint that a compressed body ended early, about a response
        /// that has no body at all: NIO's decompressor expects a whole stream after any head that
        /// names `gzip` or `deflate`, even one to `HEAD`, a `304`, or an empty body.
        ///
        /// - Parameters:
        ///   - error: The error AsyncHTTPClient failed the request with.
        ///   - hasBody: Whether the response can have a body (see `ContentDecoding.hasBody`).
        /// - Returns: `true` when the response is complete and the error can be ignored.
        static func isSpuriousTruncation(_ error: any Error, hasBody: Bool) -> Bool {
            !hasBody && (error as? NIOHTTPDecompression.ExtraDecompressionError) == .truncatedData
        }

        /// Reports NIO's decompression failures in Courier's terms: a ratio overflow
        /// (``BodyLimitExceeded``), or compressed data that is corrupt, cut short or followed by junk
        /// (``ContentDecodingError``).
        ///
        /// - Parameters:
        ///   - error: The error AsyncHTTPClient failed the request with.
        ///   - contentEncoding: The response's `Content-Encoding`.
        ///   - ratio: The client's decompression ratio.
        /// - Returns: The error in Courier's terms, or `nil` when it is not a decompression failure.
        static func decompressionError(
            from error: any Error, contentEncoding: String?, ratio: Int?
        ) -> (any Error)? {
            let coding = ContentDecoding.codings(in: contentEncoding).first ?? contentEncoding ?? "an unknown coding"
            switch error {
            case let error as NIOHTTPDecompression.DecompressionError where error == .limit:
                return BodyLimitExceeded(limit: .max, reason: .ratio(ratio), coding: coding)
            case is NIOHTTPDecompression.DecompressionError, is NIOHTTPDecompression.ExtraDecompressionError:
                return ContentDecodingError(reason: .corrupt, coding: coding, underlying: error)
            default:
                return nil
            }
        }
    }
#endif
