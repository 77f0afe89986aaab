#if CourierNIO
    import Courier
    import Foundation
    import HTTPTypes
    import Testing

    /// Compressed bodies over `AsyncHTTPClientTransport` and a loopback server: whole, cut short,
    /// concatenated, with junk after them, with a byte changed, or any bytes at all, under any
    /// `Content-Encoding` spelling, a body either decodes to its content or fails with an
    /// `APIError` of kind `decoding` or `bodyTooLarge`, within the time limit, and never gives
    /// more than the body limit or the decompression ratio allows.
    @Suite("Properties: compressed bodies")
    struct CompressedBodyProperties {
        struct Download: APIRequest {
            typealias Response = Data
            var method: HTTPRequest.Method { .get }
            var path: String
        }

        static let ratio = AsyncHTTPClientTransport.defaultDecompressionRatio

        @Test func aCompressedBodyDecodesToItsContentOrFailsAsDecodingOrBodyTooLarge() async throws {
            let server = try await LoopbackServer.start()
            let baseURL = URL(string: "http://127.0.0.1:\(server.port)")!
            await property("a compressed body decodes to its content or fails with a typed error", cases: 1000) {
                random in
                let body = random.compressedBody()
                let path = "/\(random.next())"
                server.respond(to: path, with: body.response)
                defer { server.respond(to: path, with: nil) }
                let limit = random.int(0...6000)
                let client = APIClient(baseURL: baseURL, transport: AsyncHTTPClientTransport.shared) {
                    $0.maximumBodySize = limit
                    $0.timeout = .seconds(20)
                }
                let streams = random.chance(0.3)
                let result: Result<Data, APIError>
                do throws(APIError) {
                    if streams {
                        let data = try await client.withBytes(Download(path: path)) { _, chunks in
                            try await chunks.reduce(into: Data()) { $0 += $1 }
                        }
                        result = .success(data)
                    } else {
                        result = .success(try await client.send(Download(path: path)))
                    }
                } catch {
                    result = .failure(error)
                }
                try Self.check(result, of: body, limit: streams ? nil : limit)
            }
            try await server.stop()
        }

        /// What must hold of `result`; `limit` is the body limit, `nil` for a streamed body.
        static func check(_ result: Result<Data, APIError>, of body: CompressedBody, limit: Int?) throws {
            let content = body.content.count
            switch result {
            case .success(let data):
                let correct = body.outputs.contains(Array(data))
                try #require(correct, "\(data.count) bytes, \(Array(data.prefix(4))) first, for \(body)")
                try #require(data.count <= limit ?? .max)
                try #require(data.count <= Self.ratio * max(1, body.length))
            case .failure(let error):
                try #require([.decoding, .bodyTooLarge].contains(error.kind), "\(error) for \(body)")
                guard body.isWhole else { return }
                // A whole body of a coding the transport decodes fails only past a limit.
                try #require(error.kind == .bodyTooLarge, "\(error) for \(body)")
                try #require(content > limit ?? .max || content > Self.ratio * body.framing, "\(error) for \(body)")
            }
            // A whole body past a limit never succeeds.
            if body.isWhole, content > limit ?? .max || content > Self.ratio * body.length {
                try #require(throws: APIError.self) { try result.get() }
            }
        }
    }
#endif
