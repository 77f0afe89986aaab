import CourierCore
import Foundation

/// Cuts a server's bytes into frames (RFC 6455, section 5), chunk by chunk as they arrive, and
/// reassembles fragmented messages, never holding more than the message limit.
///
/// A frame's length is checked against the limit as soon as its header has arrived, before its
/// payload is read: a message over the limit fails without its bytes being held. A frame split
/// across chunks waits, in part, for the next chunk.
struct FrameParser: Sendable {
    /// The largest message accepted, in bytes (its fragments together; inflated, and as sent).
    let limit: Int
    /// permessage-deflate's, when the server agreed to it: a message with RSV1 set is inflated.
    let inflater: (any MessageInflater)?
    /// Bytes received and not yet cut into frames.
    private var pending = Data()
    /// The fragments so far of a message not yet finished: its opcode and payload.
    private var fragments: (opcode: Opcode, compressed: Bool, payload: Data)?

    /// How many bytes of messages one call hands on at most, past its first message: a chunk of
    /// small compressed messages inflates, and is held, a portion at a time.
    let portion: Int

    init(limit: Int, inflater: (any MessageInflater)? = nil, portion: Int = 1 << 20) {
        self.limit = limit
        self.inflater = inflater
        self.portion = portion
    }

    /// The frames `chunk` completes, in order.
    ///
    /// - Throws: ``FrameViolation`` for a stream that breaks the protocol or a message over the
    ///   limit (`messageTooBig`).
    mutating func parse(_ chunk: Data) throws(FrameViolation) -> [WebSocketFrame] {
        pending.append(chunk)
        var frames: [WebSocketFrame] = []
        var offset = pending.startIndex
        var size = 0
        // At most a portion's worth of messages at a time (one message at least): the rest waits in
        // `pending` for the next call, with no bytes (the frame loop's), once these are taken.
        while size < portion, let (frame, next) = try nextFrame(at: offset) {
            offset = next
            if let frame {
                frames.append(frame)
                if case .message(let message) = frame { size += message.byteCount }
            }
        }
        if offset == pending.endIndex {
            pending = Data()
        } else if offset > pending.startIndex {
            pending = Data(pending[offset...])
        }
        return frames
    }

    /// The frame at `offset` (`nil` for a fragment that does not finish its message) and where the
    /// next one starts; `nil` when its bytes have not all arrived.
    private mutating func nextFrame(at offset: Int) throws(FrameViolation) -> (WebSocketFrame?, Int)? {
        let available = pending.endIndex - offset
        guard available >= 2 else { return nil }
        let first = pending[offset]
        let second = pending[offset + 1]
        let fin = first & 0x80 != 0
        guard let opcode = Opcode(rawValue: first & 0x0F) else {
            throw .protocolError("a frame has the unknown opcode \(first & 0x0F)")
        }
        // RSV1 marks a compressed message, on its first frame only, once permessage-deflate is agreed.
        let compressed = first & 0x40 != 0
        let mayCompress = inflater != nil && (opcode == .text || opcode == .binary)
        guard first & 0x30 == 0, !compressed || mayCompress else {
            throw .protocolError("a frame sets a reserved bit no extension was agreed for")
        }
        guard second & 0x80 == 0 else { throw .protocolError("the server masked a frame") }
        var headerLength = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(pending[offset + 2]) << 8 | UInt64(pending[offset + 3])
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = (0..<8).reduce(0) { $0 << 8 | UInt64(pending[offset + 2 + $1]) }
            headerLength = 10
            guard length >> 63 == 0 else { throw .protocolError("a frame's length sets the highest bit") }
        }
        if opcode.isControl {
            guard fin else { throw .protocolError("a control frame is fragmented") }
            guard length <= 125 else { throw .protocolError("a control frame is longer than 125 bytes") }
        } else {
            let held = fragments?.payload.count ?? 0
            guard length <= UInt64(max(0, limit - held)) else {
                throw FrameViolation(
                    code: .messageTooBig,
                    message: "a message of more than \(limit) bytes (the limit) began: \(UInt64(held) + length) bytes")
            }
        }
        guard UInt64(available - headerLength) >= length else { return nil }
        let start = offset + headerLength
        let end = start + Int(length)
        let payload = pending[start..<end]
        return (try frame(opcode, fin: fin, compressed: compressed, payload: payload), end)
    }

    private mutating func frame(
        _ opcode: Opcode, fin: Bool, compressed: Bool, payload: Data
    ) throws(FrameViolation) -> WebSocketFrame? {
        switch opcode {
        case .ping: return .ping(Data(payload))
        case .pong: return .pong(Data(payload))
        case .close: return .close(try Self.close(payload))
        case .continuation:
            guard var started = fragments else {
                throw .protocolError("a continuation frame came without a message to continue")
            }
            started.payload.append(payload)
            guard fin else {
                fragments = started
                return nil
            }
            fragments = nil
            return .message(try message(started.opcode, compressed: started.compressed, started.payload))
        case .text, .binary:
            guard fragments == nil else {
                throw .protocolError("a new message began before the last one's fragments ended")
            }
            guard fin else {
                fragments = (opcode, compressed, Data(payload))
                return nil
            }
            return .message(try message(opcode, compressed: compressed, Data(payload)))
        }
    }

    private func message(_ opcode: Opcode, compressed: Bool, _ payload: Data) throws(FrameViolation)
        -> WebSocketMessage
    {
        var payload = payload
        if compressed, let inflater { payload = try inflater.inflate(payload, limit: limit) }
        guard opcode == .text else { return .binary(payload) }
        guard let text = String(validating: payload, as: UTF8.self) else {
            throw FrameViolation(code: .invalidPayload, message: "a text message is not UTF-8")
        }
        return .text(text)
    }

    /// A close frame's code and reason (RFC 6455, section 5.5.1).
    static func close(_ payload: Data) throws(FrameViolation) -> WebSocketClose? {
        guard !payload.isEmpty else { return nil }
        guard payload.count >= 2 else { throw .protocolError("a close frame has a one-byte body") }
        let start = payload.startIndex
        let code = WebSocketCloseCode(rawValue: UInt16(payload[start]) << 8 | UInt16(payload[start + 1]))
        guard code.maySend else { throw .protocolError("a close frame has the code \(code), which no one may send") }
        guard let reason = String(validating: payload.dropFirst(2), as: UTF8.self) else {
            throw FrameViolation(code: .invalidPayload, message: "a close frame's reason is not UTF-8")
        }
        return WebSocketClose(code: code, reason: reason)
    }
}
