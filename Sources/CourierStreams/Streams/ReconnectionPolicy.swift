import CourierCore
/// When an event stream reconnects after the connection drops.
///
/// The stream reconnects when the server closes the connection, when the connection fails, and
/// when it stays silent past its idle timeout — not after a status it does not accept, a
/// response that is not `text/event-stream`, or a `204 No Content`, which ends the stream. It
/// waits the reconnection time the server set with `retry` (at most ``maximumDelay``), or
/// ``delay`` until the server sets one, and sends the last event ID it received as
/// `Last-Event-ID`. Each reconnection passes through the client's interceptors again, so an
/// expired access token is refreshed.
public struct ReconnectionPolicy: Sendable, Hashable {
    /// The most reconnections in a row without an event received in between; past it, the stream
    /// fails with the last error (or ends, when the server closed the stream cleanly).
    public var maximumAttempts: Int

    /// How long to wait before reconnecting, until the server sets a `retry` time.
    public var delay: Duration

    /// The longest wait the server's `retry` time may ask for.
    public var maximumDelay: Duration

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maximumAttempts: The most reconnections in a row without an event in between.
    ///   - delay: The wait before reconnecting, until the server sets `retry`.
    ///   - maximumDelay: The longest wait the server's `retry` may ask for.
    public init(maximumAttempts: Int = 5, delay: Duration = .seconds(3), maximumDelay: Duration = .seconds(60)) {
        self.maximumAttempts = maximumAttempts
        self.delay = delay
        self.maximumDelay = maximumDelay
    }

    /// Five reconnections in a row at most, three seconds apart until the server says otherwise.
    public static var standard: Self { Self() }

    /// No reconnection: the stream ends when the connection does.
    public static var never: Self { Self(maximumAttempts: 0) }

    /// The wait before the next reconnection, given the server's `retry` time.
    func wait(serverRetry: Duration?) -> Duration {
        min(serverRetry ?? delay, maximumDelay)
    }
}
