/// A small DEFLATE encoder (RFC 1951) with gzip (RFC 1952) and zlib (RFC 1950) framing, for
/// compressed bodies whose every byte the tests choose: stored blocks for bytes as they are, and
/// fixed-Huffman blocks of back-references for runs of one byte, which compress about 150 times.
enum Deflate {
    /// A piece of the uncompressed content.
    enum Segment {
        case bytes([UInt8])
        case run(UInt8, count: Int)

        var content: [UInt8] {
            switch self {
            case .bytes(let bytes): bytes
            case .run(let byte, let count): Array(repeating: byte, count: count)
            }
        }
    }

    static func gzip(_ segments: [Segment]) -> [UInt8] {
        let content = segments.flatMap(\.content)
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        return header + raw(segments) + littleEndian(Checksum.crc32(content))
            + littleEndian(UInt32(truncatingIfNeeded: content.count))
    }

    /// HTTP's `deflate`: the zlib format.
    static func zlib(_ segments: [Segment]) -> [UInt8] {
        let adler = Checksum.adler32(segments.flatMap(\.content))
        return [0x78, 0x01] + raw(segments) + littleEndian(adler).reversed()
    }

    /// Raw DEFLATE: one block per segment, the last one final.
    static func raw(_ segments: [Segment]) -> [UInt8] {
        var writer = BitWriter()
        if segments.isEmpty { writer.storedBlock([], final: true) }
        for (index, segment) in segments.enumerated() {
            let final = index == segments.count - 1
            switch segment {
            case .bytes(let bytes):
                var rest = bytes[...]
                repeat {
                    let block = rest.prefix(65_535)
                    rest = rest.dropFirst(block.count)
                    writer.storedBlock(Array(block), final: final && rest.isEmpty)
                } while !rest.isEmpty
            case .run(let byte, let count):
                writer.runBlock(byte, count: count, final: final)
            }
        }
        return writer.bytes
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}

/// Writes DEFLATE's bit stream: values least significant bit first, Huffman codes most
/// significant bit first.
private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 0

    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtraBits = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]

    mutating func storedBlock(_ block: [UInt8], final: Bool) {
        write(final ? 1 : 0, bits: 1)
        write(0, bits: 2)
        used = 0
        let length = UInt16(block.count)
        bytes += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + block
    }

    /// `byte` once, then copies of the byte before, 258 at a time.
    mutating func runBlock(_ byte: UInt8, count: Int, final: Bool) {
        write(final ? 1 : 0, bits: 1)
        write(1, bits: 2)
        var rest = count
        if rest > 0 {
            symbol(Int(byte))
            rest -= 1
        }
        while rest >= 3 {
            let length = min(rest, 258)
            let code = Self.lengthBases.lastIndex { $0 <= length }!
            symbol(257 + code)
            write(UInt32(length - Self.lengthBases[code]), bits: Self.lengthExtraBits[code])
            huffman(0, bits: 5)  // distance 1
            rest -= length
        }
        for _ in 0..<rest { symbol(Int(byte)) }
        symbol(256)
    }

    /// A literal, length or end-of-block symbol in the fixed Huffman code.
    private mutating func symbol(_ value: Int) {
        switch value {
        case 0...143: huffman(UInt32(0x30 + value), bits: 8)
        case 144...255: huffman(UInt32(0x190 + value - 144), bits: 9)
        case 256...279: huffman(UInt32(value - 256), bits: 7)
        default: huffman(UInt32(0xC0 + value - 280), bits: 8)
        }
    }

    private mutating func huffman(_ code: UInt32, bits: Int) {
        for shift in stride(from: bits - 1, through: 0, by: -1) { write(code >> shift & 1, bits: 1) }
    }

    private mutating func write(_ value: UInt32, bits: Int) {
        for shift in 0..<bits {
            if used == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8(value >> shift & 1) << used
            used = (used + 1) % 8
        }
    }
}
