#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    #if CourierNIO
        import AsyncHTTPClient
        import NIOHTTPCompression
    #endif

    /// Compressed responses over every transport: `gzip` and `deflate` decoded, `Accept-Encoding`
    /// sent, decompression bombs stopped, codings that cannot be undone reported.
    ///
    /// The bombs are 32 MiB of zeros (about 33 KB gzipped); `WireMemoryTests` measures what a
    /// 300 MiB one costs.
    @Suite("Wire: compression")
    struct WireCompressionTests {
        struct PayloadRequest: APIRequest {
            typealias Response = CompressedPayload
            var method: HTTPRequest.Method { .get }
            var encoding: String
            var path: String { "/compressed/json" }
            var query: QueryParameters { ["encoding": encoding] }
        }

        struct AcceptEncodingRequest: APIRequest {
            typealias Response = AcceptEncodingEcho
            var method: HTTPRequest.Method { .get }
            var headers: HTTPFields = [:]
            var path: String { "/compressed/accept-encoding" }
        }

        static func bomb(mebibytes: Int = 32, length: Bool) -> RawRequest {
            RawRequest(path: "/compressed/bomb", query: ["mib": mebibytes, "length": length ? "1" : "0"])
        }

        @Test(arguments: TransportKind.available, ["gzip", "deflate"])
        func compressedBodiesDecodeToTheirValue(_ kind: TransportKind, encoding: String) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let payload = try await client.send(PayloadRequest(encoding: encoding))
                #expect(payload == .sample)
            }
        }

        @Test(arguments: TransportKind.available, ["gzip", "deflate"])
        func streamedCompressedBodiesArriveDecoded(_ kind: TransportKind, encoding: String) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let (data, expectedLength) = try await client.withBytes(PayloadRequest(encoding: encoding)) {
                    _, body in
                    var data = Data()
                    for try await chunk in body { data.append(chunk) }
                    return (data, body.expectedLength)
                }
                #expect(try JSONDecoder().decode(CompressedPayload.self, from: data) == .sample)
                // The announced length is the compressed one; the decoded length is not known.
                #expect(expectedLength == nil)
            }
        }

        @Test(arguments: TransportKind.available)
        func bodilessResponsesNamingACodingSucceed(_ kind: TransportKind) async throws {
            struct HeadRequest: APIRequest {
                typealias Response = EmptyResponse
                var method: HTTPRequest.Method { .head }
                var path: String { "/compressed/json" }
                var query: QueryParameters { ["encoding": "gzip"] }
            }
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let head = try await client.send(HeadRequest())
                #expect(head == EmptyResponse())
                let notModified = try await client.send(
                    RawRequest(path: "/compressed/not-modified", acceptableStatusCodes: .successful + .redirection))
                #expect(notModified.isEmpty)
                let empty = try await client.send(RawRequest(path: "/compressed/empty"))
                #expect(empty.isEmpty)
            }
        }

        @Test(arguments: TransportKind.available)
        func asksForGzipAndDeflateWhenTheRequestDoesNotSay(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let echo = try await client.send(AcceptEncodingRequest())
                #expect(echo.acceptEncoding == "gzip, deflate")
            }
        }

        @Test(arguments: TransportKind.available)
        func sendsTheRequestsOwnAcceptEncoding(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let identity = try await client.send(AcceptEncodingRequest(headers: [.acceptEncoding: "identity"]))
                #expect(identity.acceptEncoding == "identity")
                let gzip = try await client.send(AcceptEncodingRequest(headers: [.acceptEncoding: "gzip"]))
                #expect(gzip.acceptEncoding == "gzip")
            }
        }

        @Test(arguments: TransportKind.available)
        func bombFailsAtTheDecompressionRatio(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                // A body limit above what the ratio allows (100 × 33 KB), so that the ratio trips.
                let client = makeClient(kind, baseURL: baseURL) { $0.maximumBodySize = 16 * 1024 * 1024 }
                let error = try #require(
                    await #expect(throws: APIError.self) { try await client.send(Self.bomb(length: true)) })
                #expect(error.kind == .bodyTooLarge)
                #expect(error.message.contains("decompresses to more than 100 times its compressed size"))
                #expect(error.message.contains("decompression bomb"))
                #expect(error.status == .ok)
                #expect(error.response?.headerFields[.contentEncoding] == "gzip")
            }
        }

        @Test(arguments: TransportKind.available, [true, false])
        func decompressedBytesCountAgainstTheBodyLimit(_ kind: TransportKind, length: Bool) async throws {
            // A ratio the bomb (about 1,000 times) stays under, so that the body limit trips.
            try await withTransport(kind, decompressionRatio: 10_000) { transport in
                try await DemoServer.withRunning { baseURL in
                    let client = APIClient(baseURL: baseURL, transport: transport) { $0.maximumBodySize = 1024 * 1024 }
                    let error = try #require(
                        await #expect(throws: APIError.self) { try await client.send(Self.bomb(length: length)) })
                    #expect(error.kind == .bodyTooLarge)
                    #expect(error.message.contains("decompresses past the limit of 1048576 bytes"))
                    #expect(error.message.contains("decompression bomb"))
                    #expect(error.status == .ok)
                }
            }
        }

        @Test(arguments: TransportKind.available)
        func streamedBombFailsAtTheRatio(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let error = try #require(
                    await #expect(throws: APIError.self) {
                        try await client.withBytes(Self.bomb(length: true)) { _, body in
                            var count = 0
                            for try await chunk in body { count += chunk.count }
                            return count
                        }
                    })
                #expect(error.kind == .bodyTooLarge)
                #expect(error.message.contains("more than 100 times its compressed size"))
            }
        }

        @Test(arguments: TransportKind.available, ["gzip", "deflate"])
        func corruptCompressedDataFailsAsDecoding(_ kind: TransportKind, encoding: String) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let request = RawRequest(path: "/compressed/corrupt", query: ["encoding": encoding])
                let error = try #require(await #expect(throws: APIError.self) { try await client.send(request) })
                #expect(error.kind == .decoding)
                #expect(
                    error.message == "The response body is not valid \(encoding) data (Content-Encoding: \(encoding)).")
                #expect(error.status == .ok)
                #expect(error.underlying != nil)
            }
        }

        @Test(arguments: TransportKind.available)
        func brotliJunkFailsAsDecoding(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let request = RawRequest(path: "/compressed/unsupported", query: ["encoding": "br"])
                let error = try #require(await #expect(throws: APIError.self) { try await client.send(request) })
                #expect(error.kind == .decoding)
                #expect(error.status == .ok)
                switch kind {
                case .asyncHTTPClient:
                    // NIO decodes gzip and deflate only: the body never reaches the decoder.
                    #expect(
                        error.message
                            == "The response body is encoded with br, which the transport cannot decode "
                            + "(AsyncHTTPClient decodes gzip and deflate only).")
                case .urlSession:
                    // libcurl decodes br, and finds these bytes are not brotli.
                    #expect(error.message == "The response body is not valid br data (Content-Encoding: br).")
                }
            }
        }

        @Test(arguments: TransportKind.available)
        func unknownCodingFailsAsDecoding(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let request = RawRequest(path: "/compressed/unsupported", query: ["encoding": "x-courier"])
                let error = try #require(await #expect(throws: APIError.self) { try await client.send(request) })
                #expect(error.kind == .decoding)
                #expect(
                    error.message.hasPrefix("The response body is encoded with x-courier, which the transport cannot"))
                #expect(error.body == nil)
            }
        }

        #if CourierNIO
            @Test func clientWithoutDecompressionNeitherAsksForNorPassesOnCompressedBodies() async throws {
                try await withTransport(.asyncHTTPClient, decompressionRatio: nil) { transport in
                    try await DemoServer.withRunning { baseURL in
                        let client = APIClient(baseURL: baseURL, transport: transport)
                        let echo = try await client.send(AcceptEncodingRequest())
                        #expect(echo.acceptEncoding == nil)
                        // The server compresses anyway.
                        let error = try #require(
                            await #expect(throws: APIError.self) {
                                try await client.send(PayloadRequest(encoding: "gzip"))
                            }
                        )
                        #expect(error.kind == .decoding)
                        #expect(
                            error.message
                                == "The response body is encoded with gzip, which the transport cannot decode "
                                + "(this AsyncHTTPClientTransport's HTTPClient was declared without decompression).")
                    }
                }
            }
        #endif

        /// Runs `body` with a transport of `kind` whose decompression ratio is `decompressionRatio`
        /// (`nil`: an AsyncHTTPClient client without decompression).
        func withTransport(
            _ kind: TransportKind,
            decompressionRatio: Int?,
            _ body: (any Transport) async throws -> Void
        ) async throws {
            switch kind {
            case .urlSession:
                try await body(URLSessionTransport(decompressionRatio: decompressionRatio ?? 100))
            case .asyncHTTPClient:
                #if CourierNIO
                    var configuration = AsyncHTTPClientTransport.recommendedConfiguration
                    configuration.decompression = decompressionRatio.map { .enabled(limit: .ratio($0)) } ?? .disabled
                    let client = HTTPClient(
                        eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
                    let transport = AsyncHTTPClientTransport(client: client, decompressionRatio: decompressionRatio)
                    let outcome: Result<Void, any Error>
                    do {
                        try await body(transport)
                        outcome = .success(())
                    } catch {
                        outcome = .failure(error)
                    }
                    try await client.shutdown()
                    try outcome.get()
                #endif
            }
        }
    }
#endif
