import CourierCore
import Foundation

/// What the frame parser hands on: a whole message (its fragments reassembled) or a control frame.
enum WebSocketFrame: Sendable, Equatable {
    case message(WebSocketMessage)
    case ping(Data)
    case pong(Data)
    case close(WebSocketClose?)
}

/// The opcodes of RFC 6455, section 5.2.
enum Opcode: UInt8 {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    var isControl: Bool { rawValue & 0x8 != 0 }
}

/// Why a server's bytes are not a WebSocket stream the client accepts, and the close code that
/// says so.
struct FrameViolation: Error, Sendable {
    var code: WebSocketCloseCode
    var message: String

    static func protocolError(_ message: String) -> Self {
        FrameViolation(code: .protocolError, message: message)
    }
}
