public import Foundation

/// One WebSocket message as it crosses the wire: text (UTF-8) or binary. Frames of a fragmented
/// message arrive reassembled.
public enum WebSocketMessage: Sendable, Equatable {
    /// A text message.
    case text(String)
    /// A binary message.
    case binary(Data)

    /// The message's bytes: a text's UTF-8.
    public var data: Data {
        switch self {
        case .text(let text): Data(text.utf8)
        case .binary(let data): data
        }
    }

    /// The message's size in bytes.
    var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }

    /// How an app's messages are framed: the frame type they are sent as.
    public enum Format: Sendable, Hashable {
        /// Text frames (JSON by default).
        case text
        /// Binary frames.
        case binary
    }
}
