import Foundation

/// Writes a client's frames (RFC 6455, section 5): every frame masked with a fresh key, as a
/// client's must be. Messages go in one frame each. (An in-memory server's frames,
/// ``WebSocketPeer``'s, go unmasked: `mask: nil`.)
enum FrameEncoder {
    /// One frame, header and payload, masked with `mask` unless it is `nil`.
    static func frame(_ opcode: Opcode, payload: Data, mask: UInt32? = .random(in: .min ... .max)) -> Data {
        var frame = Data()
        frame.reserveCapacity(payload.count + 14)
        frame.append(0x80 | opcode.rawValue)
        let count = payload.count
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        if count < 126 {
            frame.append(maskBit | UInt8(count))
        } else if count <= 0xFFFF {
            frame.append(maskBit | 126)
            frame.append(UInt8(count >> 8))
            frame.append(UInt8(count & 0xFF))
        } else {
            frame.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                frame.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift)))
            }
        }
        guard let mask else {
            frame.append(payload)
            return frame
        }
        let key = [UInt8(mask >> 24), UInt8(mask >> 16 & 0xFF), UInt8(mask >> 8 & 0xFF), UInt8(mask & 0xFF)]
        frame.append(contentsOf: key)
        let start = frame.count
        frame.append(payload)
        frame.withUnsafeMutableBytes { bytes in
            for index in 0..<count { bytes[start + index] ^= key[index & 3] }
        }
        return frame
    }

    /// A message's frame.
    static func message(_ message: WebSocketMessage, masked: Bool = true) -> Data {
        let mask: UInt32? = masked ? .random(in: .min ... .max) : nil
        return switch message {
        case .text(let text): frame(.text, payload: Data(text.utf8), mask: mask)
        case .binary(let data): frame(.binary, payload: data, mask: mask)
        }
    }

    /// A close frame: the code and as much of the reason as fits in 123 bytes of UTF-8.
    static func close(_ code: WebSocketCloseCode, reason: String, masked: Bool = true) -> Data {
        var payload = Data([UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)])
        var reasonBytes = Data(reason.utf8)
        if reasonBytes.count > 123 {
            // Cut at a character boundary.
            var cut = ""
            for character in reason {
                guard cut.utf8.count + character.utf8.count <= 123 else { break }
                cut.append(character)
            }
            reasonBytes = Data(cut.utf8)
        }
        payload.append(reasonBytes)
        return frame(.close, payload: payload, mask: masked ? .random(in: .min ... .max) : nil)
    }
}
