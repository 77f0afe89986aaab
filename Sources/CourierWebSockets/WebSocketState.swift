/// Where a WebSocket connection is, for a UI to show: ``WebSocket/states``.
public enum WebSocketState: Sendable, Equatable {
    /// The first handshake is under way.
    case connecting
    /// The connection is open: messages flow both ways.
    case open
    /// The connection dropped, and another is opened after `delay` (reconnection attempt `attempt`,
    /// counted from 1 since the last open connection): ``WebSocketOptions/reconnection``.
    case reconnecting(attempt: Int, delay: Duration)
    /// The connection is closed for good.
    case closed
}
