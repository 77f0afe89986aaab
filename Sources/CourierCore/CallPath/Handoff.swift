/// Hands values from a producing task to a consumer one at a time: the producer waits until the
/// consumer has taken the previous value, so a slow consumer slows the reading and memory stays
/// flat however long the stream.
final class Handoff<Element: Sendable>: Sendable {
    /// What the consumer receives.
    enum Next: Sendable {
        case element(Element)
        /// The producer finished, with an error or not; or the consumer left (`CancellationError`).
        case end((any Error)?)
    }

    private struct State {
        var element: Element?
        var producer: CheckedContinuation<Bool, Never>?
        var consumer: CheckedContinuation<Next, Never>?
        var end: Next?
        var closed = false
    }

    private enum SendAction {
        case stop
        case deliver(CheckedContinuation<Next, Never>)
        case wait
    }

    private let state = Locked(State())

    /// Hands over `element` and waits until the consumer has taken it.
    ///
    /// - Returns: `false` when the consumer has gone, or the producing task was cancelled: stop
    ///   producing.
    func send(_ element: Element) async -> Bool {
        await withTaskCancellationHandler {
            await offer(element)
        } onCancel: {
            withdraw()
        }
    }

    private func offer(_ element: Element) async -> Bool {
        await withCheckedContinuation { (producer: CheckedContinuation<Bool, Never>) in
            let action: SendAction = state.withLock { state in
                if state.closed || Task.isCancelled { return .stop }
                if let consumer = state.consumer {
                    state.consumer = nil
                    return .deliver(consumer)
                }
                state.element = element
                state.producer = producer
                return .wait
            }
            switch action {
            case .stop:
                producer.resume(returning: false)
            case .deliver(let consumer):
                consumer.resume(returning: .element(element))
                producer.resume(returning: true)
            case .wait:
                break
            }
        }
    }

    /// Takes back a value the consumer has not taken: the producer was cancelled. The consumer
    /// keeps waiting, for the end.
    private func withdraw() {
        let producer = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            state.element = nil
            defer { state.producer = nil }
            return state.producer
        }
        producer?.resume(returning: false)
    }

    /// Ends the stream, after any value not taken yet.
    func finish(_ error: (any Error)?) {
        let waiting = state.withLock { state -> CheckedContinuation<Next, Never>? in
            guard state.end == nil else { return nil }
            state.end = .end(error)
            defer { state.consumer = nil }
            return state.consumer
        }
        waiting?.resume(returning: .end(error))
    }

    /// Waits for the next value or the end. Cancelling the waiting task closes the handoff and
    /// calls `onCancel`.
    func receive(onCancel: @escaping @Sendable () -> Void) async -> Next {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (consumer: CheckedContinuation<Next, Never>) in
                let (next, producer) = state.withLock { state -> (Next?, CheckedContinuation<Bool, Never>?) in
                    if let element = state.element {
                        state.element = nil
                        defer { state.producer = nil }
                        return (.element(element), state.producer)
                    }
                    if state.closed { return (.end(CancellationError()), nil) }
                    if let end = state.end { return (end, nil) }
                    state.consumer = consumer
                    return (nil, nil)
                }
                producer?.resume(returning: true)
                if let next { consumer.resume(returning: next) }
            }
        } onCancel: {
            close()
            onCancel()
        }
    }

    /// The consumer has gone: a waiting producer is told to stop, and a waiting consumer ends.
    func close() {
        let (producer, consumer) = state.withLock { state in
            state.closed = true
            state.element = nil
            defer {
                state.producer = nil
                state.consumer = nil
            }
            return (state.producer, state.consumer)
        }
        producer?.resume(returning: false)
        consumer?.resume(returning: .end(CancellationError()))
    }
}
