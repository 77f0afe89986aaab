#if CourierNIO
    import CompressNIO
    import Foundation
    import NIOCore

    /// zlib's raw inflate (compress-nio), into chunks of 64 KiB counted against the limit.
    final class NIOMessageInflater: MessageInflater, @unchecked Sendable {
        // @unchecked Sendable: one connection's reader uses it, one message at a time.
        private let decompressor: ZlibDecompressor

        init() throws {
            decompressor = try ZlibDecompressor(algorithm: .deflate, windowSize: 15)
        }

        func inflate(_ payload: Data, limit: Int) throws(FrameViolation) -> Data {
            var input = ByteBuffer(bytes: payload)
            input.writeBytes([0x00, 0x00, 0xFF, 0xFF])  // the tail the sender removed (RFC 7692, 7.2.2)
            var output = Data()
            var chunk = ByteBuffer()
            while true {
                chunk.clear(minimumCapacity: 64 * 1024)
                let before = input.readableBytes
                var more = false
                do {
                    try decompressor.inflate(from: &input, to: &chunk)
                } catch let error as CompressNIOError where error == .bufferOverflow {
                    more = true  // the chunk is full: there is more
                } catch let error as CompressNIOError where error == .inputBufferOverflow {
                    more = false  // every byte of the message was read
                } catch {
                    throw FrameViolation(code: .invalidPayload, message: "a compressed message is not deflate data")
                }
                if output.count + chunk.readableBytes > limit {
                    throw FrameViolation(
                        code: .messageTooBig,
                        message: "a compressed message inflates past \(limit) bytes (the limit)")
                }
                output.append(contentsOf: chunk.readableBytesView)
                if !more || (input.readableBytes == before && chunk.readableBytes == 0) {
                    if input.readableBytes > 0 {
                        // The server ended its stream (a final block): the next message starts a new one.
                        try? decompressor.reset()
                    }
                    return output
                }
            }
        }
    }
#endif
