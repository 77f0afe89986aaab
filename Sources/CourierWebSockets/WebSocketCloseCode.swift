/// A close code (RFC 6455, section 7.4): why a WebSocket connection is closed, sent in the close
/// frame both ways.
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code's number.
    public let rawValue: UInt16

    /// A code by its number: one of RFC 6455's, or an application's (4000–4999).
    ///
    /// - Parameter rawValue: The number.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normal = Self(rawValue: 1000)
    /// 1001: the endpoint is going away: a client's task was cancelled, a server is shutting down.
    public static let goingAway = Self(rawValue: 1001)
    /// 1002: the other side broke the protocol.
    public static let protocolError = Self(rawValue: 1002)
    /// 1003: a message of a type the endpoint cannot accept.
    public static let unsupportedData = Self(rawValue: 1003)
    /// 1007: a message's data did not match its type (text that is not UTF-8).
    public static let invalidPayload = Self(rawValue: 1007)
    /// 1008: a message broke the endpoint's policy.
    public static let policyViolation = Self(rawValue: 1008)
    /// 1009: a message was larger than the endpoint accepts.
    public static let messageTooBig = Self(rawValue: 1009)
    /// 1011: the server met an unexpected condition.
    public static let internalError = Self(rawValue: 1011)

    /// Whether an endpoint may send the code in a close frame: 1000–1003, 1007–1011 and
    /// 3000–4999 (1004–1006 and 1015 are never sent; RFC 6455, section 7.4.2).
    public var maySend: Bool {
        switch rawValue {
        case 1000...1003, 1007...1011, 3000...4999: true
        default: false
        }
    }

    /// The number.
    public var description: String { "\(rawValue)" }
}

/// How a WebSocket connection was closed: the code and reason of the close frame, or `nil`
/// code for a close frame without one.
public struct WebSocketClose: Sendable, Equatable {
    /// The close code, if the frame had one.
    public var code: WebSocketCloseCode?
    /// The reason, possibly empty.
    public var reason: String

    /// A close.
    ///
    /// - Parameters:
    ///   - code: The close code, if any.
    ///   - reason: The reason.
    public init(code: WebSocketCloseCode?, reason: String = "") {
        self.code = code
        self.reason = reason
    }
}
