#if Demo
    import CompressNIO
    import Foundation
    import Hummingbird
    import NIOCore

    /// Compressed responses, made with zlib (through compress-nio): `gzip` and `deflate` JSON, a
    /// decompression bomb, a coding clients cannot decode, corrupt data, and an echo of the request's
    /// `Accept-Encoding`.
    enum CompressionRoutes {

        static func add(to router: Router<BasicRequestContext>) {
            router.get("compressed/json") { request, _ in try json(request) }
            router.head("compressed/json") { request, _ in try json(request) }
            // Bodiless answers that still name a coding, as servers send them.
            router.get("compressed/not-modified") { _, _ in
                Response(status: .notModified, headers: [.contentEncoding: "gzip", .eTag: "\"v1\""])
            }
            router.get("compressed/empty") { _, _ in
                Response(status: .ok, headers: [.contentEncoding: "gzip", .contentType: "application/json"])
            }
            router.get("compressed/accept-encoding") { request, _ in
                JSONResponse.make(AcceptEncodingEcho(acceptEncoding: request.headers[.acceptEncoding]))
            }
            router.get("compressed/bomb") { request, _ in try bomb(request) }
            router.get("compressed/unsupported") { request, _ in
                let encoding = request.uri.queryParameters.get("encoding").map { String($0) } ?? "br"
                return Response(
                    status: .ok,
                    headers: [.contentType: "application/json", .contentEncoding: encoding],
                    body: .init(byteBuffer: ByteBuffer(string: "these bytes are not \(encoding) at all"))
                )
            }
            router.get("compressed/corrupt") { request, _ in corrupt(request) }
        }

        /// `/compressed/json?encoding=gzip|deflate`: ``CompressedPayload/sample`` as JSON, compressed.
        static func json(_ request: Request) throws -> Response {
            let encoding = request.uri.queryParameters.get("encoding").map { String($0) } ?? "gzip"
            var plain = ByteBuffer(bytes: try JSONResponse.encoder.encode(CompressedPayload.sample))
            // HTTP's `deflate` is the zlib format (RFC 1950), not raw deflate.
            let compressed = try plain.compress(with: encoding == "deflate" ? .zlib() : .gzip())
            return Response(
                status: .ok,
                headers: [.contentType: "application/json", .contentEncoding: encoding],
                body: .init(byteBuffer: compressed)
            )
        }

        /// `/compressed/bomb?mib=32|300[&length=1]`: that many MiB of zeros as `gzip` (about a
        /// thousandth of it), sent in 16 KiB chunks, with a `Content-Length` when `length=1` and
        /// chunked otherwise. The server holds the compressed bytes only, never the inflated ones.
        /// `prepare=1` only compresses them, once per process, and answers `204`: a test measuring
        /// memory calls it first.
        static func bomb(_ request: Request) throws -> Response {
            let parameters = request.uri.queryParameters
            let bomb: ByteBuffer
            switch parameters.get("mib") {
            case "32": bomb = gzipped32MiB
            case "300", nil: bomb = gzipped300MiB
            default: throw HTTPError(.badRequest, message: "mib must be 32 or 300")
            }
            if parameters.get("prepare") == "1" {
                return Response(status: .noContent)
            }
            let write: @Sendable (inout any ResponseBodyWriter) async throws -> Void = { writer in
                var offset = 0
                while offset < bomb.readableBytes {
                    let size = min(16 * 1024, bomb.readableBytes - offset)
                    try await writer.write(bomb.getSlice(at: bomb.readerIndex + offset, length: size)!)
                    offset += size
                }
                try await writer.finish(nil)
            }
            let headers: HTTPFields = [.contentType: "application/json", .contentEncoding: "gzip"]
            guard parameters.get("length") == "1" else {
                return Response(status: .ok, headers: headers, body: .init(write))
            }
            return Response(status: .ok, headers: headers, body: .init(contentLength: bomb.readableBytes, write))
        }

        /// `/compressed/corrupt?encoding=gzip|deflate`: a valid header followed by a block of a type
        /// that does not exist.
        static func corrupt(_ request: Request) -> Response {
            let encoding = request.uri.queryParameters.get("encoding").map { String($0) } ?? "gzip"
            let header: [UInt8] =
                encoding == "deflate"
                ? [0x78, 0x9C]  // zlib: deflate, 32 KiB window, default level
                : [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]  // gzip: deflate, no name, Unix
            return Response(
                status: .ok,
                headers: [.contentType: "application/json", .contentEncoding: encoding],
                body: .init(byteBuffer: ByteBuffer(bytes: header + [UInt8](repeating: 0xFF, count: 32)))
            )
        }

        /// 32 MiB of zeros, gzipped once per process.
        static let gzipped32MiB = gzipZeros(count: 32 * 1024 * 1024)

        /// 300 MiB of zeros, gzipped once per process.
        static let gzipped300MiB = gzipZeros(count: 300 * 1024 * 1024)

        /// Compresses `count` zeros at the best compression a megabyte at a time, so that they are
        /// never in memory whole.
        static func gzipZeros(count: Int) -> ByteBuffer {
            do {
                let compressor = CompressionAlgorithm.gzip(configuration: .init(compressionLevel: .bestCompression))
                    .compressor
                compressor.window = ByteBufferAllocator().buffer(capacity: 64 * 1024)
                try compressor.startStream()
                defer { try? compressor.finishStream() }
                var output = ByteBuffer()
                var remaining = count
                while remaining > 0 {
                    var zeros = ByteBuffer(repeating: 0, count: min(1 << 20, remaining))
                    remaining -= zeros.readableBytes
                    try zeros.compressStream(with: compressor, flush: remaining == 0 ? .finish : .no) { window in
                        output.writeImmutableBuffer(window)
                    }
                }
                return output
            } catch {
                preconditionFailure("zlib failed to compress zeros: \(error)")
            }
        }
    }

    /// What `/compressed/json` sends, compressed.
    package struct CompressedPayload: Codable, Sendable, Equatable {
        /// A short text.
        package var message: String
        /// Numbers enough to make compression worth it.
        package var numbers: [Int]

        /// The value every `/compressed/json` response carries.
        package static let sample = CompressedPayload(
            message: "compressed on the server, decompressed by the client", numbers: Array(0..<500))
    }

    /// What `/compressed/accept-encoding` saw.
    package struct AcceptEncodingEcho: Codable, Sendable {
        /// The request's `Accept-Encoding`, if it had one.
        package var acceptEncoding: String?
    }
#endif
