import CourierCore
/// One event of a Server-Sent Events stream (`text/event-stream`).
///
/// `Payload` is the type of ``data``: `String` for events as they arrived, or the request's
/// `Response` type for events from ``APIClient/events(_:lastEventID:reconnection:idleTimeout:)``,
/// whose `data` fields are decoded as that type.
public struct ServerSentEvent<Payload: Sendable>: Sendable {
    /// The stream's last event ID when this event was dispatched: the value of the latest `id`
    /// field received so far (on this event or an earlier one), or `nil` when there was none or
    /// the server reset it with an empty `id`.
    public var id: String?

    /// The event type, from the `event` field; `"message"` when the event has none.
    public var event: String

    /// The event's data: its `data` lines joined with `\n`, decoded as `Payload`.
    public var data: Payload

    /// The reconnection time the server set with a `retry` field in this event, if any.
    public var retry: Duration?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - id: The stream's last event ID.
    ///   - event: The event type.
    ///   - data: The data.
    ///   - retry: The reconnection time the event set, if any.
    public init(id: String? = nil, event: String = "message", data: Payload, retry: Duration? = nil) {
        self.id = id
        self.event = event
        self.data = data
        self.retry = retry
    }
}

extension ServerSentEvent: Equatable where Payload: Equatable {}

extension ServerSentEvent: Hashable where Payload: Hashable {}
