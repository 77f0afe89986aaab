import Foundation

#if Observability
    import CoreMetrics
    import Tracing
#endif

/// What a long-lived stream reports beyond its calls (a WebSocket, `CourierWebSockets`): one span
/// for the whole stream, parent of each connection's call span, with an event for each
/// reconnection; and counters of its messages and their bytes each way. Nothing without the
/// `Observability` trait, or without a tracer and a metrics backend.
///
/// Every dimension has a small, fixed set of values (the request type's name, the direction):
/// never a message's content.
package final class StreamObservation: Sendable {
    #if Observability
        private let span: (any Span)?
        private let counters: Counters?

        private struct Counters: Sendable {
            let messagesIn: CoreMetrics.Counter
            let messagesOut: CoreMetrics.Counter
            let bytesIn: CoreMetrics.Counter
            let bytesOut: CoreMetrics.Counter
        }
    #endif

    /// The label of the counter of a stream's messages (dimensions: `request`, `direction` —
    /// `in` or `out`).
    package static let messages = "courier.stream.messages"
    /// The label of the counter of a stream's message bytes, as the app sends or reads them.
    package static let bytes = "courier.stream.bytes"

    init(name: String, requestName: String, observers: Observers) {
        #if Observability
            if let tracer = observers.tracer {
                let span = tracer.startSpan(name, context: .current ?? .topLevel, ofKind: .client)
                span.attributes["courier.request.name"] = requestName
                self.span = span
            } else {
                span = nil
            }
            if let factory = observers.metrics {
                func counter(_ label: String, _ direction: String) -> CoreMetrics.Counter {
                    CoreMetrics.Counter(
                        label: label, dimensions: [("request", requestName), ("direction", direction)], factory: factory
                    )
                }
                counters = Counters(
                    messagesIn: counter(Self.messages, "in"), messagesOut: counter(Self.messages, "out"),
                    bytesIn: counter(Self.bytes, "in"), bytesOut: counter(Self.bytes, "out"))
            } else {
                counters = nil
            }
        #endif
    }

    /// Runs `body` with the stream's span as the current context: each call it makes is the span's
    /// child.
    package func run<Value: Sendable>(_ body: () async -> Value) async -> Value {
        #if Observability
            if let span {
                return await ServiceContext.withValue(span.context) { await body() }
            }
        #endif
        return await body()
    }

    /// Adds an event to the stream's span (`courier.reconnect`, with its attempt).
    package func event(_ name: String, attributes: [String: Int] = [:]) {
        #if Observability
            guard let span else { return }
            var spanAttributes = SpanAttributes()
            for (key, value) in attributes { spanAttributes[key] = value }
            span.addEvent(SpanEvent(name: name, attributes: spanAttributes))
        #endif
    }

    /// Counts a message received, of `bytes` bytes.
    package func received(bytes: Int) {
        #if Observability
            counters?.messagesIn.increment(by: 1)
            counters?.bytesIn.increment(by: Int64(bytes))
        #endif
    }

    /// Counts a message sent, of `bytes` bytes.
    package func sent(bytes: Int) {
        #if Observability
            counters?.messagesOut.increment(by: 1)
            counters?.bytesOut.increment(by: Int64(bytes))
        #endif
    }

    /// Ends the stream's span, with the error it ended with, if any.
    package func end(error: APIError?) {
        #if Observability
            guard let span else { return }
            if let error {
                span.attributes["error.type"] = error.kind.description
                span.setStatus(SpanStatus(code: .error, message: error.kind.description))
            }
            span.end()
        #endif
    }
}

extension APIClient {
    /// A stream's observation, named `name` (its span's name), for the request type `requestName`.
    package func streamObservation(name: String, requestName: String) -> StreamObservation {
        StreamObservation(name: name, requestName: requestName, observers: resolved.observers)
    }
}
