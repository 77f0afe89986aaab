#if CourierNIO
    public import AsyncHTTPClient
    import Foundation
    public import HTTPTypes
    import NIOCore
    import NIOHTTP1
    import NIOHTTPCompression
    package import NIOSSL

    /// A transport over AsyncHTTPClient: the default on Linux.
    ///
    /// Measured on Linux (loopback GET and decode of 1 KB of JSON), AsyncHTTPClient is both safer
    /// than FoundationNetworking's `URLSession` (it validates headers, does not follow redirects
    /// when told not to, honours cancellation) and faster: about 3,100 requests per second
    /// sequentially against 1,750, and 11,500 against 2,000 with 64 in flight.
    ///
    /// It is compiled with Courier's `AsyncHTTPClient` trait, on Linux, Android and macOS. The trait
    /// is on by default when the package is built on Linux, where this is the default transport; a
    /// macOS server developer turns it on to use and test the transport they deploy
    /// (`traits: [.defaults, "AsyncHTTPClient"]`). An iOS or macOS app that does not ask for it neither
    /// resolves nor builds AsyncHTTPClient.
    public struct AsyncHTTPClientTransport: Transport {
        /// A transport over a process-wide `HTTPClient` configured for Courier: redirects are not
        /// followed, a refused connection fails at once instead of being retried until the connect
        /// timeout, and `gzip` and `deflate` bodies are decompressed up to
        /// ``defaultDecompressionRatio``. It lives as long as the process and is never shut down.
        public static let shared = AsyncHTTPClientTransport(
            client: HTTPClient(
                eventLoopGroup: HTTPClient.defaultEventLoopGroup,
                configuration: recommendedConfiguration
            ),
            decompressionRatio: defaultDecompressionRatio
        )

        package let client: HTTPClient
        /// What the client decompresses.
        let decoding: ContentDecoding
        /// Whether a certificate that fails verification is read again to say why.
        let probesRejectedCertificates: Bool
        /// The pinned hosts' clients, for a transport made with pins.
        var pinning: Pinning?
        /// The clients the transport made, and shuts down in ``shutdown()``.
        var owned: [HTTPClient] = []
        /// Whether the client presents a certificate of its own in a TLS handshake; `nil` for a
        /// client made elsewhere, whose configuration AsyncHTTPClient does not let anyone read.
        package var presentsClientCertificate: Bool?
        /// The client's TLS configuration, for connections the transport opens beside its client
        /// (a WebSocket's); `nil` for a client made elsewhere.
        package var tlsConfiguration: TLSConfiguration?
        /// Checks a server's certificates (DER, the leaf first) against the pins that hold for
        /// `host`: `nil` when none do; the check returns the mismatch, or `nil` when a key is pinned.
        package func pinCheck(for host: String) -> (@Sendable ([[UInt8]]) -> (any Error)?)? {
            guard let pins = pinning?.pins.pins(for: host) else { return nil }
            return { pins.check(certificates: $0) }
        }

        /// Creates a transport over a client you own (and must shut down).
        ///
        /// Configure the client with `redirectConfiguration: .disallow`, as
        /// ``recommendedConfiguration`` does: Courier follows redirects itself, dropping credentials
        /// on a change of origin. A client that follows redirects on its own bypasses those rules.
        ///
        /// Start from ``recommendedConfiguration`` for another reason too: its clients tell an
        /// HTTP/2 stream a `GOAWAY` left unprocessed (which Courier sends again) from one the
        /// server reset (<doc:Security>); over a client made from another
        /// configuration, such a call fails as ``APIError/Delivery/mayHaveBeenProcessed``.
        ///
        /// AsyncHTTPClient does not let the transport read a client's configuration back, so tell it
        /// how the client decompresses:
        ///
        /// ```swift
        /// let configuration = AsyncHTTPClientTransport.recommendedConfiguration
        /// let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        /// let transport = AsyncHTTPClientTransport(
        ///     client: client, decompressionRatio: AsyncHTTPClientTransport.defaultDecompressionRatio)
        /// ```
        ///
        /// With a ratio, the transport asks for `Accept-Encoding: gzip, deflate` when a request sets
        /// none, and reports a body past the ratio as ``APIError/Kind/bodyTooLarge``. With `nil`, it
        /// asks for no encoding. Either way, a body that would arrive still encoded (a coding the
        /// client does not decode, like `br`) fails with ``APIError/Kind/decoding`` instead of
        /// reaching your decoder.
        ///
        /// BoringSSL, under AsyncHTTPClient, says that a server's certificate failed verification but
        /// not why. So that the error can say whether it had expired, was not yet valid or was not
        /// trusted (``TLSFailure/Reason``), the transport then reads the certificate's dates over a
        /// second connection straight to the host: a TLS handshake that it aborts itself once the
        /// certificate arrives, so that nothing of any request is sent. That connection does not
        /// go through a proxy the client is configured with: pass `probesRejectedCertificates: false`
        /// for a client that must reach servers only through one, and such failures are
        /// ``TLSFailure/Reason/untrustedCertificate``.
        ///
        /// - Parameters:
        ///   - client: The client to send through.
        ///   - decompressionRatio: The ratio the client was configured with, as
        ///     `decompression: .enabled(limit: .ratio(decompressionRatio))`, or `nil` when it was
        ///     configured with `decompression: .disabled`.
        ///   - probesRejectedCertificates: Whether to read a rejected certificate's dates, over a
        ///     connection of its own, to say why it was rejected.
        public init(client: HTTPClient, decompressionRatio: Int?, probesRejectedCertificates: Bool = true) {
            self.client = client
            self.decoding = Self.contentDecoding(ratio: decompressionRatio)
            self.probesRejectedCertificates = probesRejectedCertificates
        }

        /// Sends a request without following redirects, ending it by the deadline.
        ///
        /// When the client reads the whole body (`context.readsWholeBody`), this goes through
        /// AsyncHTTPClient's delegate API, whose deadline covers the body too and which stops
        /// reading past `context.bodyLimit`; otherwise through its `async` API, whose deadline
        /// covers the exchange up to the head (the client cancels a streamed body's reader).
        ///
        /// - Parameters:
        ///   - request: The request.
        ///   - body: The request body, if any; a file is streamed from disk.
        ///   - context: The deadline and the body limit.
        /// - Returns: The response head and its body.
        /// - Throws: AsyncHTTPClient's and NIO's errors, or `CancellationError`.
        public func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            if context.readsWholeBody {
                return try await sendReadingWholeBody(request, body: body, context: context)
            }
            let client = try self.client(for: request)
            let clientRequest = try Self.makeClientRequest(request, body: body, acceptEncoding: decoding.acceptEncoding)
            let remaining = ContinuousClock.now.duration(to: context.deadline)
            let response: HTTPClientResponse
            do {
                response = try await client.execute(clientRequest, deadline: .now() + TimeAmount(remaining))
            } catch {
                throw await explained(Self.native(error), request: request)
            }
            let head = Self.makeResponse(status: response.status, headers: response.headers)
            let expectedLength = response.headers.first(name: "content-length").flatMap { Int($0) }
            let contentEncoding = Self.contentEncoding(of: response.headers)
            if let coding = decoding.undecoded(
                contentEncoding: contentEncoding, status: Int(response.status.code), isHead: request.method == .head,
                contentLength: expectedLength)
            {
                // Dropping the body cancels the request.
                let error = ContentDecodingError(reason: .unsupported, coding: coding, summary: decoding.summary)
                return (head, ResponseBody(failure: error))
            }
            guard ContentDecoding.isEncoded(contentEncoding) else {
                var body = ResponseBody(ChunkSequence(base: response.body), expectedLength: expectedLength)
                body.httpVersion = Self.versionName(response.version)
                return (head, body)
            }
            // The announced length is the compressed one: the decoded body's is unknown.
            let chunks = ChunkSequence(
                base: response.body, contentEncoding: contentEncoding, ratio: decoding.maximumRatio,
                hasBody: ContentDecoding.hasBody(
                    status: Int(response.status.code), isHead: request.method == .head, contentLength: expectedLength))
            var body = ResponseBody(chunks, expectedLength: nil)
            body.httpVersion = Self.versionName(response.version)
            return (head, body)
        }

        /// An HTTP version as HAR writes it, without allocating for the usual ones.
        static func versionName(_ version: HTTPVersion) -> String {
            switch (version.major, version.minor) {
            case (1, 1): "HTTP/1.1"
            case (2, 0): "HTTP/2.0"
            case (1, 0): "HTTP/1.0"
            default: "HTTP/\(version.major).\(version.minor)"
            }
        }

        /// AsyncHTTPClient's errors that have a name in Courier: the deadline ending the exchange,
        /// and cancellation.
        static func native(_ error: any Error) -> any Error {
            guard let error = error as? HTTPClientError else { return error }
            if error == .deadlineExceeded { return TransportDeadlineReached() }
            if error == .cancelled { return CancellationError() }
            return error
        }
    }

    /// AsyncHTTPClient's body as `Data` chunks, with NIO's decompression failures reported in
    /// Courier's terms.
    private struct ChunkSequence: AsyncSequence, Sendable {
        typealias Element = Data

        let base: HTTPClientResponse.Body
        /// The response's `Content-Encoding`, when the body arrives decompressed.
        var contentEncoding: String?
        /// The client's decompression ratio.
        var ratio: Int?
        /// Whether the response can have a body at all.
        var hasBody = true

        func makeAsyncIterator() -> Iterator {
            Iterator(base: base.makeAsyncIterator(), contentEncoding: contentEncoding, ratio: ratio, hasBody: hasBody)
        }

        struct Iterator: AsyncIteratorProtocol {
            var base: HTTPClientResponse.Body.AsyncIterator
            let contentEncoding: String?
            let ratio: Int?
            let hasBody: Bool

            mutating func next() async throws -> Data? {
                let buffer: ByteBuffer?
                do {
                    buffer = try await base.next()
                } catch {
                    guard contentEncoding != nil else { throw error }
                    if AsyncHTTPClientTransport.isSpuriousTruncation(error, hasBody: hasBody) {
                        return nil
                    }
                    throw AsyncHTTPClientTransport.decompressionError(
                        from: error, contentEncoding: contentEncoding, ratio: ratio) ?? error
                }
                return buffer?.withUnsafeReadableBytes { Data($0) }
            }
        }
    }
#endif
