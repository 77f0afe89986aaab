/// What SHA-256 and SHA-512 share (FIPS 180-4): the message gathered into blocks, each block
/// compressed into the state as it fills, and the padding that ends the message with its length.
package protocol SHA2: Sendable {
    /// The bytes of a block: 64 for SHA-256, 128 for SHA-512.
    static var blockSize: Int { get }
    /// The bytes of the message length at the end of the padding: 8 for SHA-256, 16 for SHA-512.
    static var lengthSize: Int { get }

    /// The bytes of the message not compressed yet: fewer than a block.
    var pending: [UInt8] { get set }
    /// The message's length so far, in bytes.
    var length: UInt64 { get set }

    /// Compresses one whole block, read from `block`, into the state.
    mutating func compress(_ block: UnsafeRawPointer)
    /// The state as the digest's bytes, big-endian.
    var stateBytes: [UInt8] { get }
}

extension SHA2 {
    /// Adds bytes to the message.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        length &+= UInt64(bytes.count)
        var index = 0
        if !pending.isEmpty {
            index = min(Self.blockSize - pending.count, bytes.count)
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<index]))
            guard pending.count == Self.blockSize else { return }
            let block = pending
            block.withUnsafeBytes { compress($0.baseAddress!) }
            pending.removeAll(keepingCapacity: true)
        }
        while bytes.count - index >= Self.blockSize {
            compress(base + index)
            index += Self.blockSize
        }
        if index < bytes.count {
            if pending.capacity < Self.blockSize { pending.reserveCapacity(Self.blockSize) }
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index...]))
        }
    }

    /// Adds bytes to the message.
    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if done == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    /// The digest of the message so far; the message can go on.
    package func finalize() -> [UInt8] {
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
        copy.update(tail)
        return copy.stateBytes
    }

    /// The digest so far, as lowercase hexadecimal digits.
    package var hexDigest: String {
        Self.hex(finalize())
    }

    /// Bytes as lowercase hexadecimal digits.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
