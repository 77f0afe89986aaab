#if Demo
    import Foundation
    import Hummingbird
    import NIOCore

    /// `/upload`: reads a request body of any size as it streams, without holding it, and answers
    /// what arrived.
    package enum UploadRoutes {
        /// What `/upload` answers.
        package struct Receipt: Codable, Sendable {
            /// The bytes received.
            package var bytes: Int
            /// The FNV-1a hash of the bytes received, in hexadecimal.
            package var fnv1a: String
            /// The request's `Content-Type`.
            package var contentType: String?
        }

        static func add(to router: Router<BasicRequestContext>, state: DemoState) {
            for method in [HTTPRequest.Method.post, .put] {
                router.on("upload", method: method) { request, _ in try await receive(request, state: state) }
            }
        }

        /// Reads the body chunk by chunk; `?delay_ms=M` waits M ms after each chunk, to make a slow
        /// reader. A body cut short counts in `/stats` as an abandoned upload.
        static func receive(_ request: Request, state: DemoState) async throws -> Response {
            let delay = request.uri.queryParameters.get("delay_ms", as: Int.self) ?? 0
            var hash = FNV1a()
            var count = 0
            do {
                for try await buffer in request.body {
                    buffer.withUnsafeReadableBytes { hash.add($0) }
                    count += buffer.readableBytes
                    if delay > 0 { try await Task.sleep(for: .milliseconds(delay)) }
                }
            } catch {
                await state.uploadAbandoned()
                throw error
            }
            await state.uploadCompleted()
            let receipt = Receipt(
                bytes: count, fnv1a: hash.hex, contentType: request.headers[.contentType].map { String($0) })
            return JSONResponse.make(receipt)
        }
    }

    /// The 64-bit FNV-1a hash: enough to tell that every byte arrived in order.
    package struct FNV1a: Sendable {
        private var value: UInt64 = 0xcbf2_9ce4_8422_2325

        package init() {}

        package mutating func add(_ bytes: UnsafeRawBufferPointer) {
            for byte in bytes {
                value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }

        package var hex: String { String(value, radix: 16) }
    }
#endif
