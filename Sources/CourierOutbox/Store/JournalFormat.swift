/// The journal's format, version 1: a header, then records, each framed so that a record cut
/// short or damaged is found.
///
/// ```
/// header   "CROUTBOX" (8 bytes) · format version (UInt32) · CRC-32 of those 12 bytes (UInt32)
/// record   payload length (UInt32) · CRC-32 of the length's 4 bytes and the payload (UInt32) · payload
/// ```
///
/// Integers are little-endian. A payload starts with its record type (``JournalRecord``). A
/// version other than this one is refused, never read as this one nor overwritten.
enum JournalFormat {
    static let magic = Array("CROUTBOX".utf8)
    static let version: UInt32 = 1
    static let headerLength = 16
    static let frameHeaderLength = 8
    /// The longest payload a record may claim; a longer claim is damage.
    static let maximumPayloadLength = 1 << 30
    /// The record types this version knows: the first byte of every payload.
    static let recordTypes: ClosedRange<UInt8> = 1...6

    /// The header of a journal of this version.
    static var header: [UInt8] {
        var bytes = magic
        withUnsafeBytes(of: version.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: CRC32.checksum(bytes).littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// A record's payload framed for the journal: its length, its checksum, the payload.
    static func frame(_ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(frameHeaderLength + payload.count)
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { bytes.append(contentsOf: $0) }
        let checksum = CRC32.checksum(payload, continuing: CRC32.checksum(bytes))
        withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: payload)
        return bytes
    }

    /// What a journal's first bytes say.
    enum HeaderCheck: Equatable {
        case valid
        /// Not an outbox journal, or its header is damaged.
        case unreadable
        /// An outbox journal of another version.
        case unsupported(UInt32)
    }

    static func checkHeader(_ bytes: [UInt8]) -> HeaderCheck {
        guard bytes.count >= headerLength, Array(bytes[0..<8]) == magic else { return .unreadable }
        guard CRC32.checksum(bytes[0..<12]) == uint32(bytes, at: 12) else { return .unreadable }
        let found = uint32(bytes, at: 8)
        return found == version ? .valid : .unsupported(found)
    }

    /// The end of the well-framed record at `offset` (length in range, checksum right, a known
    /// type), or `nil` when there is none there.
    static func frameEnd(in bytes: [UInt8], at offset: Int) -> Int? {
        guard bytes.count - offset >= frameHeaderLength + 1 else { return nil }
        let length = Int(uint32(bytes, at: offset))
        guard length >= 1, length <= maximumPayloadLength, length <= bytes.count - offset - frameHeaderLength,
            recordTypes.contains(bytes[offset + frameHeaderLength])
        else { return nil }
        let end = offset + frameHeaderLength + length
        let checksum = CRC32.checksum(
            bytes[(offset + frameHeaderLength)..<end], continuing: CRC32.checksum(bytes[offset..<(offset + 4)]))
        return checksum == uint32(bytes, at: offset + 4) ? end : nil
    }

    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }
}
