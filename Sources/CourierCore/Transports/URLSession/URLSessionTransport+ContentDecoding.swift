import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// What the session decodes.
    ///
    /// On Linux, FoundationNetworking turns libcurl's decoding on for every request, whatever its
    /// `Accept-Encoding` says; libcurl undoes stacked codings and fails a coding it does not know
    /// (measured: `Unrecognized content encoding type. libcurl understands deflate, gzip, br, zstd
    /// content encodings.`). On Apple platforms `URLSession` decodes `gzip`, `deflate` and `br`.
    static func contentDecoding(ratio: Int) -> ContentDecoding {
        #if canImport(FoundationNetworking)
            libcurlContentDecoding(ratio: ratio)
        #else
            appleContentDecoding(ratio: ratio)
        #endif
    }

    /// What FoundationNetworking's session decodes (through libcurl).
    static func libcurlContentDecoding(ratio: Int) -> ContentDecoding {
        ContentDecoding(
            codings: ["gzip", "x-gzip", "deflate", "br", "zstd"], decodesStacked: true, maximumRatio: ratio,
            summary: "URLSession decodes gzip, deflate, br and zstd only")
    }

    /// What Apple's `URLSession` decodes.
    static func appleContentDecoding(ratio: Int) -> ContentDecoding {
        ContentDecoding(
            codings: ["gzip", "deflate", "br"], decodesStacked: false, maximumRatio: ratio,
            summary: "URLSession decodes gzip, deflate and br only")
    }

    /// Reports a body the session could not decompress in Courier's terms.
    ///
    /// On Linux every libcurl failure arrives as `URLError(.unknown)`; only its description tells
    /// corrupt compressed data (`Error while processing content unencoding: invalid block type`,
    /// `Unrecognized or bad HTTP Content or Transfer-Encoding`) from a connection cut short
    /// (`transfer closed with 28 bytes remaining to read`).
    ///
    /// - Parameters:
    ///   - error: The task's error.
    ///   - contentEncoding: The response's `Content-Encoding`, if its head had arrived.
    /// - Returns: The error in Courier's terms, or `nil` when it is not a decoding failure.
    static func contentDecodingError(from error: any Error, contentEncoding: String?) -> ContentDecodingError? {
        let codings = ContentDecoding.codings(in: contentEncoding)
        guard !codings.isEmpty, let urlError = error as? URLError else { return nil }
        let coding = codings.joined(separator: ", ")
        switch urlError.code {
        case .cannotDecodeContentData, .cannotDecodeRawData:
            return ContentDecodingError(reason: .corrupt, coding: coding, underlying: error)
        case .unknown:
            let text = urlError.localizedDescription
            if text.range(of: "unrecognized content encoding", options: .caseInsensitive) != nil {
                return ContentDecodingError(reason: .unsupported, coding: coding, summary: text, underlying: error)
            }
            guard text.range(of: "encoding", options: .caseInsensitive) != nil else { return nil }
            return ContentDecodingError(reason: .corrupt, coding: coding, underlying: error)
        default:
            return nil
        }
    }
}
