public import CourierCore

/// How a WebSocket connection is kept: its limits, its keep-alive, its closing and its
/// reconnection.
public struct WebSocketOptions: Sendable {
    /// The largest message accepted, in bytes (fragments together); `nil` for the client's
    /// `configuration.maximumBodySize`. A message over it closes the connection with
    /// 1009 and fails as `APIError.Kind.bodyTooLarge`, without its bytes being held.
    public var maximumMessageSize: Int?

    /// How many received messages wait for the app at most: past them the connection stops
    /// reading, and the server's sends slow down, rather than memory growing.
    public var bufferedMessages: Int

    /// How often a ping is sent; `nil` for none.
    public var pingInterval: Duration?

    /// How long past a ping's interval the connection may stay silent (no pong, no message)
    /// before it ends as `APIError.Kind.timeout`. Without pings, how long it may stay silent at
    /// all; `nil` for no limit.
    public var pingTimeout: Duration?

    /// How long a close waits for the server's close frame before ending the connection.
    public var closeTimeout: Duration

    /// Whether a message that cannot be decoded ends the connection (closing it with 1007); by
    /// default it is thrown once from the message sequence, which goes on with the next message.
    public var endsOnMalformedMessage: Bool

    /// Whether, and how, a dropped connection is opened again; `nil` (the default) for never.
    ///
    /// A connection that drops (no close frame, a failure, silence past the ping's timeout) or that
    /// the server closes with 1001, 1011, 1012 or 1013 is opened again after the policy's
    /// back-off with jitter (`RetryPolicy`'s `initialBackoff` doubling up to
    /// `maximumBackoff`), at most `maximumRetries` times in a row; a handshake refused with a
    /// status the policy does not retry ends it. The messages go on across the reconnection, the
    /// hook sends what the server needs to resume, and ``WebSocket/states`` says where it is.
    public var reconnection: RetryPolicy?

    /// Whether the client offers permessage-deflate (RFC 7692), so that the server may compress
    /// its messages; on by default where the transport can inflate them (SwiftNIO's). A compressed
    /// message is inflated only up to ``maximumMessageSize``: a compression bomb fails there as
    /// `APIError.Kind.bodyTooLarge` (1009), holding no more than the limit. The client's own
    /// messages go uncompressed.
    public var acceptsCompression: Bool

    /// Creates options; each parameter's default is the property's.
    ///
    /// - Parameters:
    ///   - maximumMessageSize: The largest message accepted; `nil` for the client's body limit.
    ///   - bufferedMessages: How many received messages wait for the app at most (at least 1).
    ///   - pingInterval: How often a ping is sent; `nil` for none.
    ///   - pingTimeout: How long past a ping's interval the connection may stay silent.
    ///   - closeTimeout: How long a close waits for the server's close frame.
    ///   - endsOnMalformedMessage: Whether a message that cannot be decoded ends the connection.
    ///   - reconnection: How a dropped connection is opened again; `nil` for never.
    ///   - acceptsCompression: Whether the client offers permessage-deflate.
    public init(
        maximumMessageSize: Int? = nil,
        bufferedMessages: Int = 64,
        pingInterval: Duration? = .seconds(30),
        pingTimeout: Duration? = .seconds(30),
        closeTimeout: Duration = .seconds(5),
        endsOnMalformedMessage: Bool = false,
        reconnection: RetryPolicy? = nil,
        acceptsCompression: Bool = true
    ) {
        self.maximumMessageSize = maximumMessageSize
        self.bufferedMessages = max(1, bufferedMessages)
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
        self.closeTimeout = closeTimeout
        self.endsOnMalformedMessage = endsOnMalformedMessage
        self.reconnection = reconnection
        self.acceptsCompression = acceptsCompression
    }
}
