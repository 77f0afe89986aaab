import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if CourierNIO
    import AsyncHTTPClient
    import NIOHTTP1
    import NIOHTTPCompression
#endif

/// Content codings: which a transport undoes, the ratio meter, the transports' error conversions
/// and how the client words them, tested without a network.
@Suite("Content decoding")
struct ContentDecodingTests {
    /// NIO's rule: `gzip` or `deflate` when listed first.
    static let firstOnly = ContentDecoding(
        codings: ["gzip", "deflate"], decodesStacked: false, maximumRatio: 100, summary: "first only")
    /// libcurl's rule: every coding it knows, stacked.
    static let stacked = ContentDecoding(
        codings: ["gzip", "deflate", "br"], decodesStacked: true, maximumRatio: 100, summary: "stacked")

    @Test(
        arguments: [
            (nil, []), ("", []), ("gzip", ["gzip"]), ("GZIP", ["gzip"]), ("identity", []),
            (" gzip , identity", ["gzip"]), ("deflate,br", ["deflate", "br"]), ("gzip, , br", ["gzip", "br"]),
        ] as [(String?, [String])])
    func listsCodingsInOrderWithoutIdentity(_ contentEncoding: String?, codings: [String]) {
        #expect(ContentDecoding.codings(in: contentEncoding) == codings)
        #expect(ContentDecoding.isEncoded(contentEncoding) == !codings.isEmpty)
    }

    @Test(
        arguments: [
            ("gzip", nil, nil), ("Deflate", nil, nil), ("identity", nil, nil), ("br", "br", nil),
            ("gzip, br", "br", nil), ("deflate, gzip", "gzip", nil), ("identity, gzip", "gzip", nil),
            ("gzip, identity", nil, nil), ("x-courier", "x-courier", "x-courier"),
            // Found by a property test: NIO reads a first element of whitespace alone as a coding
            // of its own, and leaves the gzip after it; Courier took the body as decoded.
            (", gzip", nil, nil), (" , ,gzip", "gzip", nil), ("\u{A0}gzip", "gzip", nil),
        ] as [(String, String?, String?)])
    func findsTheCodingATransportLeavesOnTheBody(_ contentEncoding: String, firstOnly: String?, stacked: String?) {
        let undecodedFirstOnly = Self.firstOnly.undecoded(
            contentEncoding: contentEncoding, status: 200, isHead: false, contentLength: nil)
        #expect(undecodedFirstOnly == firstOnly)
        let undecodedStacked = Self.stacked.undecoded(
            contentEncoding: contentEncoding, status: 200, isHead: false, contentLength: 10)
        #expect(undecodedStacked == stacked)
    }

    @Test func aResponseWithoutABodyHasNothingToDecode() {
        let none = ContentDecoding.none("nothing")
        #expect(none.undecoded(contentEncoding: "gzip", status: 200, isHead: false, contentLength: nil) == "gzip")
        #expect(none.undecoded(contentEncoding: "gzip", status: 200, isHead: true, contentLength: nil) == nil)
        #expect(none.undecoded(contentEncoding: "gzip", status: 204, isHead: false, contentLength: nil) == nil)
        #expect(none.undecoded(contentEncoding: "gzip", status: 304, isHead: false, contentLength: nil) == nil)
        #expect(none.undecoded(contentEncoding: "gzip", status: 200, isHead: false, contentLength: 0) == nil)
    }

    @Test func knowsWhichResponsesHaveNoBody() {
        #expect(ContentDecoding.hasBody(status: 200, isHead: false, contentLength: nil))
        #expect(ContentDecoding.hasBody(status: 404, isHead: false, contentLength: 12))
        #expect(!ContentDecoding.hasBody(status: 200, isHead: true, contentLength: 120))
        #expect(!ContentDecoding.hasBody(status: 101, isHead: false, contentLength: nil))
        #expect(!ContentDecoding.hasBody(status: 204, isHead: false, contentLength: nil))
        #expect(!ContentDecoding.hasBody(status: 304, isHead: false, contentLength: nil))
        #expect(!ContentDecoding.hasBody(status: 200, isHead: false, contentLength: 0))
    }

    @Test func asksForCompressionOnlyWhenItCanDecodeIt() {
        #expect(Self.firstOnly.acceptEncoding == "gzip, deflate")
        #expect(ContentDecoding.none("nothing").acceptEncoding == nil)
    }

    @Test func meterTripsPastTheRatioOfTheAnnouncedLength() throws {
        // No ratio without a coding, a compressed length or a ratio: only the limit counts.
        for meter in [
            try BodyMeter(limit: .max, announcedLength: 10, contentEncoding: nil, ratio: 100),
            try BodyMeter(limit: .max, announcedLength: 10, contentEncoding: "identity", ratio: 100),
            try BodyMeter(limit: .max, announcedLength: nil, contentEncoding: "gzip", ratio: 100),
            try BodyMeter(limit: .max, announcedLength: 10, contentEncoding: "gzip", ratio: nil),
        ] {
            var meter = meter
            try meter.add(1 << 40)
        }
        var meter = try BodyMeter(limit: .max, announcedLength: 10, contentEncoding: "gzip", ratio: 100)
        try meter.add(600)
        try meter.add(400)
        let past = #expect(throws: BodyLimitExceeded.self) { try meter.add(1) }
        #expect(past?.reason == .ratio(100))
        #expect(past?.coding == "gzip")
        var huge = try BodyMeter(limit: .max, announcedLength: .max / 2, contentEncoding: "gzip", ratio: 100)
        try huge.add(.max / 2)
    }

    @Test func meterHoldsTheLimitOnTheAnnouncedAndTheReadLength() throws {
        let announced = #expect(throws: BodyLimitExceeded.self) {
            try BodyMeter(limit: 100, announcedLength: 101)
        }
        #expect(announced?.reason == .announced(101))
        // A compressed body's announced length is its compressed one: the limit counts what is read.
        var compressed = try BodyMeter(limit: 100, announcedLength: 101, contentEncoding: "gzip")
        try compressed.add(100)
        let past = #expect(throws: BodyLimitExceeded.self) { try compressed.add(1) }
        #expect(past?.reason == .limit)
        #expect(past?.apiError.message.contains("decompresses past the limit of 100 bytes") == true)
    }

    @Test func urlRequestAsksForGzipAndDeflateUnlessTheRequestSays() throws {
        var request = HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/")
        let asked = try URLSessionTransport.makeURLRequest(request, body: nil)
        #expect(asked.value(forHTTPHeaderField: "Accept-Encoding") == "gzip, deflate")
        request.headerFields[.acceptEncoding] = "identity"
        let own = try URLSessionTransport.makeURLRequest(request, body: nil)
        #expect(own.value(forHTTPHeaderField: "Accept-Encoding") == "identity")
    }

    @Test(arguments: [
        ("Error while processing content unencoding: invalid block type", ContentDecodingError.Reason.corrupt),
        ("Unrecognized or bad HTTP Content or Transfer-Encoding", .corrupt),
        (
            "Unrecognized content encoding type. libcurl understands deflate, gzip, br, zstd content encodings.",
            .unsupported
        ),
    ])
    func urlSessionDecodingFailuresAreRecognized(_ text: String, reason: ContentDecodingError.Reason) throws {
        let error = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: text])
        let converted = try #require(URLSessionTransport.contentDecodingError(from: error, contentEncoding: "gzip"))
        #expect(converted.reason == reason)
        #expect(converted.coding == "gzip")
    }

    @Test func urlSessionFailuresUnrelatedToDecodingStayAsTheyAre() {
        let cut = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "transfer closed with 28 bytes remaining"])
        #expect(URLSessionTransport.contentDecodingError(from: cut, contentEncoding: "gzip") == nil)
        let corrupt = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "content unencoding: invalid"])
        #expect(URLSessionTransport.contentDecodingError(from: corrupt, contentEncoding: nil) == nil)
        #expect(URLSessionTransport.contentDecodingError(from: URLError(.timedOut), contentEncoding: "gzip") == nil)
        let apple = URLSessionTransport.contentDecodingError(
            from: URLError(.cannotDecodeContentData), contentEncoding: "deflate")
        #expect(apple?.reason == .corrupt)
    }

    /// Both of URLSession's tables, whichever platform runs the test: Apple's session undoes one
    /// coding of gzip, deflate or br; FoundationNetworking's, through libcurl, also zstd, stacked.
    @Test func urlSessionDecodesWhatItsPlatformsSessionUndoes() {
        let apple = URLSessionTransport.appleContentDecoding(ratio: 50)
        #expect(apple.codings == ["gzip", "deflate", "br"])
        #expect(!apple.decodesStacked)
        #expect(apple.maximumRatio == 50)
        let libcurl = URLSessionTransport.libcurlContentDecoding(ratio: 50)
        #expect(libcurl.codings == ["gzip", "x-gzip", "deflate", "br", "zstd"])
        #expect(libcurl.decodesStacked)
        #if canImport(FoundationNetworking)
            #expect(URLSessionTransport.contentDecoding(ratio: 50).codings == libcurl.codings)
        #else
            #expect(URLSessionTransport.contentDecoding(ratio: 50).codings == apple.codings)
        #endif
    }

    #if CourierNIO
        @Test func clientRequestAsksForGzipAndDeflateUnlessTheRequestSays() throws {
            var request = HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/")
            let asked = try AsyncHTTPClientTransport.makeClientRequest(
                request, body: nil, acceptEncoding: ContentDecoding.acceptEncoding)
            #expect(asked.headers["accept-encoding"] == ["gzip, deflate"])
            let notAsked = try AsyncHTTPClientTransport.makeClientRequest(request, body: nil, acceptEncoding: nil)
            #expect(notAsked.headers["accept-encoding"].isEmpty)
            request.headerFields[.acceptEncoding] = "br"
            let own = try AsyncHTTPClientTransport.makeClientRequest(
                request, body: nil, acceptEncoding: ContentDecoding.acceptEncoding)
            #expect(own.headers["accept-encoding"] == ["br"])
        }

        @Test func nioDecompressionFailuresAreRecognized() throws {
            let limit = try #require(
                AsyncHTTPClientTransport.decompressionError(
                    from: NIOHTTPDecompression.DecompressionError.limit, contentEncoding: "gzip", ratio: 100)
                    as? BodyLimitExceeded)
            #expect(limit.reason == .ratio(100))
            #expect(limit.coding == "gzip")
            let corrupt: [any Error] = [
                NIOHTTPDecompression.DecompressionError.inflationError(-3),
                NIOHTTPDecompression.DecompressionError.initializationError(-2),
                NIOHTTPDecompression.ExtraDecompressionError.truncatedData,
                NIOHTTPDecompression.ExtraDecompressionError.invalidTrailingData,
            ]
            for error in corrupt {
                let converted =
                    AsyncHTTPClientTransport.decompressionError(from: error, contentEncoding: "deflate", ratio: 100)
                    as? ContentDecodingError
                #expect(converted?.reason == .corrupt)
                #expect(converted?.coding == "deflate")
            }
            #expect(
                AsyncHTTPClientTransport.decompressionError(
                    from: HTTPClientError.remoteConnectionClosed, contentEncoding: "gzip", ratio: 100) == nil)
        }

        @Test func nioTruncationIsIgnoredOnlyWithoutABody() {
            let truncated = NIOHTTPDecompression.ExtraDecompressionError.truncatedData
            #expect(AsyncHTTPClientTransport.isSpuriousTruncation(truncated, hasBody: false))
            #expect(!AsyncHTTPClientTransport.isSpuriousTruncation(truncated, hasBody: true))
            let trailing = NIOHTTPDecompression.ExtraDecompressionError.invalidTrailingData
            #expect(!AsyncHTTPClientTransport.isSpuriousTruncation(trailing, hasBody: false))
        }

        @Test func aClientWithoutDecompressionDecodesNothing() {
            #expect(AsyncHTTPClientTransport.contentDecoding(ratio: nil).acceptEncoding == nil)
            #expect(AsyncHTTPClientTransport.contentDecoding(ratio: 100).maximumRatio == 100)
        }
    #endif

    @Test func clientWordsEveryDecodingFailure() {
        let request = HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/data")
        let response = HTTPResponse(status: .ok, headerFields: [.contentEncoding: "gzip"])
        let scope = DeadlineScope(clock: .system, limit: .total(.seconds(60)))
        func map(_ error: any Error) -> APIError {
            scope.classify(error, request: request, response: response)
        }
        let ratio = map(BodyLimitExceeded(limit: 1024, reason: .ratio(100), coding: "gzip"))
        #expect(ratio.kind == .bodyTooLarge)
        #expect(
            ratio.message
                == "The response body (Content-Encoding: gzip) decompresses to more than 100 times its compressed "
                + "size, the transport's limit: a possible decompression bomb.")
        #expect(ratio.response?.headerFields[.contentEncoding] == "gzip")
        #expect(
            map(BodyLimitExceeded(limit: 1024, reason: .ratio(nil), coding: "gzip")).message.contains(
                "past the transport's ratio limit"))
        let tooLarge = map(BodyLimitExceeded(limit: 1024, reason: .limit, coding: "gzip"))
        #expect(tooLarge.kind == .bodyTooLarge)
        #expect(
            tooLarge.message
                == "The response body (Content-Encoding: gzip) decompresses past the limit of 1024 bytes: "
                + "a possible decompression bomb.")
        let unsupported = map(ContentDecodingError(reason: .unsupported, coding: "gzip", summary: "decodes br only"))
        #expect(unsupported.kind == .decoding)
        #expect(
            unsupported.message == "The response body is encoded with gzip, which the transport cannot decode "
                + "(decodes br only).")
        let corrupt = map(ContentDecodingError(reason: .corrupt, coding: "gzip"))
        #expect(corrupt.kind == .decoding)
        #expect(corrupt.message == "The response body is not valid gzip data (Content-Encoding: gzip).")
        #expect(corrupt.request?.path == "/data")
    }
}
