import CourierCore
import Foundation
import Testing

@testable import CourierWebSockets

/// RFC 6455's framing as the client reads it: whole frames, frames split anywhere across chunks,
/// fragmented messages, control frames, and what a server must not send.
@Suite("WebSockets: frames")
struct FrameParserTests {
    /// A server's frame: unmasked.
    static func serverFrame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true) -> Data {
        var frame = Data([(fin ? 0x80 : 0) | opcode])
        if payload.count < 126 {
            frame.append(UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame.append(contentsOf: [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)])
        } else {
            frame.append(127)
            for shift in stride(from: 56, through: 0, by: -8) {
                frame.append(UInt8(truncatingIfNeeded: payload.count >> shift))
            }
        }
        frame.append(contentsOf: payload)
        return frame
    }

    @Test func aTextFrameSplitAtEveryByteIsOneMessage() throws {
        let frame = Self.serverFrame(0x1, Array("héllo, wörld".utf8))
        for cut in 0...frame.count {
            var parser = FrameParser(limit: 1024)
            var frames = try parser.parse(frame.prefix(cut))
            frames += try parser.parse(frame.dropFirst(cut))
            #expect(frames == [.message(.text("héllo, wörld"))], "cut at \(cut)")
        }
    }

    @Test func lengthsOf16And64BitsAreRead() throws {
        var parser = FrameParser(limit: 1 << 20)
        let medium = [UInt8](repeating: 7, count: 300)
        let large = [UInt8](repeating: 9, count: 70_000)
        let frames = try parser.parse(Self.serverFrame(0x2, medium) + Self.serverFrame(0x2, large))
        #expect(frames == [.message(.binary(Data(medium))), .message(.binary(Data(large)))])
    }

    @Test func fragmentsAreReassembledAndControlFramesMayComeBetween() throws {
        var parser = FrameParser(limit: 1024)
        let bytes =
            Self.serverFrame(0x1, Array("one ".utf8), fin: false) + Self.serverFrame(0x9, [1, 2])
            + Self.serverFrame(0x0, Array("two ".utf8), fin: false) + Self.serverFrame(0x0, Array("three".utf8))
        #expect(try parser.parse(bytes) == [.ping(Data([1, 2])), .message(.text("one two three"))])
    }

    @Test func aMessageOverTheLimitFailsAsSoonAsItsHeaderArrives() {
        var parser = FrameParser(limit: 1000)
        // The header of a 16 MiB frame, and none of its payload.
        var header = Data([0x82, 127])
        for shift in stride(from: 56, through: 0, by: -8) {
            header.append(UInt8(truncatingIfNeeded: (16 << 20) >> shift))
        }
        #expect(throws: FrameViolation.self) { try parser.parse(header) }
        do {
            _ = try parser.parse(header)
        } catch {
            #expect(error.code == .messageTooBig)
        }
    }

    @Test func fragmentsTogetherOverTheLimitFail() throws {
        var parser = FrameParser(limit: 10)
        _ = try parser.parse(Self.serverFrame(0x2, [UInt8](repeating: 0, count: 6), fin: false))
        #expect(throws: FrameViolation.self) {
            try parser.parse(Self.serverFrame(0x0, [UInt8](repeating: 0, count: 6)))
        }
    }

    @Test(arguments: [
        ("masked", Data([0x81, 0x81, 1, 2, 3, 4, 0x41])),
        ("reserved bit", Data([0xC1, 0x00])),
        ("unknown opcode", Data([0x83, 0x00])),
        ("fragmented ping", Data([0x09, 0x00])),
        ("continuation first", Data([0x80, 0x00])),
        ("long ping", serverFrame(0x9, [UInt8](repeating: 0, count: 126))),
        ("close with a code no one sends", serverFrame(0x8, [0x03, 0xED])),
    ])
    func framesAServerMustNotSendAreProtocolErrors(_ name: String, _ bytes: Data) {
        var parser = FrameParser(limit: 1024)
        do {
            _ = try parser.parse(bytes)
            Issue.record("\(name) was accepted")
        } catch {
            #expect(error.code == .protocolError, "\(name)")
        }
    }

    @Test func textThatIsNotUTF8IsInvalidPayload() {
        var parser = FrameParser(limit: 1024)
        do {
            _ = try parser.parse(Self.serverFrame(0x1, [0xC3, 0x28]))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .invalidPayload)
        }
    }

    /// A chunk of many messages is handed on a portion at a time: the frame loop asks again, with
    /// no bytes, after each portion is taken.
    @Test func aChunksMessagesComeInPortions() throws {
        var parser = FrameParser(limit: 1 << 20, portion: 1000)
        let message = [UInt8](repeating: 1, count: 600)
        let chunk = (0..<5).reduce(Data()) { bytes, _ in bytes + Self.serverFrame(0x2, message) }
        #expect(try parser.parse(chunk).count == 2)
        #expect(try parser.parse(Data()).count == 2)
        #expect(try parser.parse(Data()).count == 1)
        #expect(try parser.parse(Data()).isEmpty)
    }

    @Test func closeFramesGiveTheirCodeAndReason() throws {
        var parser = FrameParser(limit: 1024)
        let frames = try parser.parse(
            Self.serverFrame(0x8, [0x03, 0xE8] + Array("done".utf8)) + Self.serverFrame(0x8, []))
        #expect(frames == [.close(WebSocketClose(code: .normal, reason: "done")), .close(nil)])
    }
}

@Suite("WebSockets: the client's frames and handshake")
struct FrameEncoderTests {
    /// Unmasks a client's frame: its opcode, whether it was masked, and its payload.
    static func read(_ frame: Data) -> (opcode: UInt8, masked: Bool, payload: Data) {
        let bytes = [UInt8](frame)
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127 {
            length = (0..<8).reduce(0) { $0 << 8 | Int(bytes[2 + $1]) }
            offset = 10
        }
        let masked = bytes[1] & 0x80 != 0
        let key = masked ? Array(bytes[offset..<offset + 4]) : [0, 0, 0, 0]
        if masked { offset += 4 }
        let payload = (0..<length).map { bytes[offset + $0] ^ key[$0 & 3] }
        return (bytes[0] & 0x0F, masked, Data(payload))
    }

    @Test(arguments: [0, 125, 126, 65_535, 65_536, 200_000])
    func everyFrameIsMaskedAndItsPayloadSurvives(_ count: Int) {
        let payload = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let frame = FrameEncoder.frame(.binary, payload: payload)
        let read = Self.read(frame)
        #expect(read.opcode == 0x2)
        #expect(read.masked)
        #expect(read.payload == payload)
        #expect(frame[0] & 0x80 != 0, "FIN")
    }

    @Test func twoFramesOfTheSamePayloadUseDifferentKeys() {
        let payload = Data(repeating: 0, count: 32)
        #expect(FrameEncoder.frame(.binary, payload: payload) != FrameEncoder.frame(.binary, payload: payload))
    }

    @Test func aCloseFrameCarriesTheCodeAndAReasonCutAtACharacterWithin123Bytes() {
        let read = Self.read(FrameEncoder.close(.goingAway, reason: String(repeating: "é", count: 100)))
        #expect(read.opcode == 0x8)
        #expect(read.payload.prefix(2) == Data([0x03, 0xE9]))
        #expect(read.payload.count - 2 <= 123)
        #expect(String(validating: read.payload.dropFirst(2), as: UTF8.self) == String(repeating: "é", count: 61))
    }

    /// RFC 6455, section 1.3's example, and FIPS 180's SHA-1 vectors.
    @Test func theAcceptValueIsRFC6455s() {
        #expect(Handshake(key: "dGhlIHNhbXBsZSBub25jZQ==").expectedAccept == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let hex = { (bytes: [UInt8]) in
            bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
                .joined()
        }
        #expect(hex(SHA1.hash(Data("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.hash(Data())) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(
            hex(SHA1.hash(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }
}
