/// CRC-32 (ISO-HDLC, the one of zlib, gzip and PNG: reflected polynomial `0xEDB88320`), which
/// every journal record carries over its length and payload.
enum CRC32 {
    /// The checksum of `bytes`, continuing from `crc` (the checksum of what came before).
    static func checksum(_ bytes: some Sequence<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        let fast = bytes.withContiguousStorageIfAvailable { buffer in
            table.withUnsafeBufferPointer { table in
                var value = ~crc
                for byte in buffer {
                    value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8)
                }
                return ~value
            }
        }
        if let fast { return fast }
        var value = ~crc
        for byte in bytes {
            value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8)
        }
        return ~value
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }
}
