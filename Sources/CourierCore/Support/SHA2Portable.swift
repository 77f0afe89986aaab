/// Courier's own SHA-2 (FIPS 180-4), for a build with no platform implementation (``SHA2``): the
/// message gathered into blocks, the whole blocks of each update compressed in one pass, and the
/// padding that ends the message with its length. It hashes public data only, so it need not be
/// constant-time.
///
/// Written for an optimised build: the compression functions keep the state and the message
/// schedule in local variables, and use only operations the compiler inlines even in a debug
/// build (masking shifts, wrapping additions, `while` loops, no generic calls).
protocol PortableSHA2: Sendable {
    /// The bytes of a block: 64 for SHA-256, 128 for SHA-512.
    static var blockSize: Int { get }
    /// The bytes of the message length at the end of the padding: 8 for SHA-256, 16 for SHA-512.
    static var lengthSize: Int { get }

    /// The bytes of the message not compressed yet: fewer than a block.
    var pending: [UInt8] { get set }
    /// The message's length so far, in bytes.
    var length: UInt64 { get set }

    /// Compresses `count` whole blocks, read one after another from `blocks`, into the state.
    mutating func compress(_ blocks: UnsafeRawPointer, count: Int)
    /// The state as the digest's bytes, big-endian.
    var stateBytes: [UInt8] { get }
}

extension PortableSHA2 {
    /// Adds bytes to the message (CryptoKit's name for it).
    mutating func update(bufferPointer bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        length &+= UInt64(bytes.count)
        var index = 0
        if !pending.isEmpty {
            index = min(Self.blockSize - pending.count, bytes.count)
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<index]))
            guard pending.count == Self.blockSize else { return }
            let block = pending
            block.withUnsafeBytes { compress($0.baseAddress!, count: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        let blocks = (bytes.count - index) / Self.blockSize
        if blocks > 0 {
            compress(base + index, count: blocks)
            index += blocks * Self.blockSize
        }
        if index < bytes.count {
            if pending.capacity < Self.blockSize { pending.reserveCapacity(Self.blockSize) }
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index...]))
        }
    }

    /// The digest of the message so far; the message can go on.
    func finalize() -> [UInt8] {
        var copy = self
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        let end = Self.blockSize - Self.lengthSize
        while (pending.count + tail.count) % Self.blockSize != end { tail.append(0) }
        // The length in bits; a 16-byte field's high half holds what passes 64 bits.
        if Self.lengthSize == 16 {
            tail.append(contentsOf: withUnsafeBytes(of: (length >> 61).bigEndian) { Array($0) })
        }
        tail.append(contentsOf: withUnsafeBytes(of: bits.bigEndian) { Array($0) })
        tail.withUnsafeBytes { copy.update(bufferPointer: $0) }
        return copy.stateBytes
    }
}
