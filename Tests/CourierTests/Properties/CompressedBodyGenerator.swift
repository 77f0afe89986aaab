#if CourierNIO
    /// A compressed response body as sent, and what a client may make of it.
    struct CompressedBody: CustomStringConvertible {
        var contentEncoding: String
        var damage: String
        var bytes: [UInt8]
        var slices: [[UInt8]]
        var announcesLength: Bool
        /// The content the stream was made from.
        var content: [UInt8]
        /// What a call that succeeds may give.
        var outputs: [[UInt8]]
        /// Whether the body is a whole stream, of a coding the transport decodes, named plainly.
        var isWhole: Bool
        /// The bytes of the stream's header, which come before any content it decompresses to.
        var framing: Int

        var length: Int { bytes.count }

        var response: LoopbackServer.Response {
            let length = announcesLength ? [("Content-Length", "\(bytes.count)")] : []
            return .init(headers: [("Content-Encoding", contentEncoding)] + length, slices: slices)
        }

        var description: String {
            "\(damage) \(bytes.count)-byte body of \(content.count) bytes, Content-Encoding \"\(contentEncoding)\""
                + (announcesLength ? " with its length" : " chunked")
        }
    }

    extension Seeded {
        /// The content of a stream: bytes as they are, and runs of one byte.
        mutating func contentSegments() -> [Deflate.Segment] {
            (0..<int(0...3)).map { _ in
                chance(0.5) ? .bytes(bytes(int(0...600))) : .run(UInt8(int(0...255)), count: int(1...3000))
            }
        }

        /// A `gzip` or `deflate` stream, whole or damaged, under a plain or an odd spelling of its
        /// coding, or of one the transport does not decode.
        mutating func compressedBody() -> CompressedBody {
            let coding = pick(["gzip", "deflate"])
            let encode = { coding == "gzip" ? Deflate.gzip($0) : Deflate.zlib($0) }
            let segments = contentSegments()
            let content = segments.flatMap(\.content)
            let stream = encode(segments)
            var body = CompressedBody(
                contentEncoding: randomCase(coding) + (chance(0.2) ? ", identity" : ""), damage: "whole", bytes: stream,
                slices: [], announcesLength: chance(0.7), content: content, outputs: [content], isWhole: true,
                framing: coding == "gzip" ? 10 : 2)
            if chance(0.2) {
                body.contentEncoding = pick([
                    ", \(coding)", " , ,\(coding)", "identity, \(coding)", "\(coding), br", "br",
                    "x-courier, \(coding)",
                    "\(coding),,", "\u{A0}\(coding)",
                ])
                body.damage = "oddly named"
                body.isWhole = false
            }
            switch int(0...9) {
            case 0, 1:
                body.bytes = Array(stream.prefix(int(0...stream.count - 1)))
                (body.damage, body.outputs) = ("cut", body.bytes.isEmpty ? [[]] : [])
            case 2:
                let second = contentSegments()
                body.bytes += encode(second)
                (body.damage, body.outputs) = ("concatenated", [content + second.flatMap(\.content)])
            case 3:
                body.bytes += bytes(int(1...8))
                body.damage = "junk after"
            case 4:
                body.bytes[int(0...stream.count - 1)] ^= UInt8(int(1...255))
                body.damage = "changed"
            case 5:
                body.bytes = bytes(int(0...64))
                (body.damage, body.outputs) = ("random", body.bytes.isEmpty ? [[]] : [])
            default:
                break
            }
            if body.damage != "whole" && body.damage != "oddly named" { body.isWhole = false }
            var cuts = (0..<int(0...2)).map { _ in int(0...body.bytes.count) }.sorted()
            cuts = [0] + cuts + [body.bytes.count]
            body.slices = zip(cuts, cuts.dropFirst()).map { Array(body.bytes[$0..<$1]) }.filter { !$0.isEmpty }
            return body
        }
    }
#endif
