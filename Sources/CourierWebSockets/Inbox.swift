import CourierCore

/// The received messages waiting for the app: at most `capacity` of them. A reader that finds it
/// full waits, so the connection stops reading and the server's sends slow down instead of memory
/// growing.
final class Inbox<Element: Sendable>: Sendable {
    private struct State {
        var entries: [Result<Element, APIError>] = []
        var head = 0
        var consumer: CheckedContinuation<Void, Never>?
        var producer: CheckedContinuation<Void, Never>?
        /// How the messages end, once they have.
        var end: Result<Void, APIError>?
        /// Whether the end was handed to the consumer (an error is thrown once).
        var endTaken = false
        /// Whether the app no longer reads: messages are dropped rather than waited for (the
        /// connection is closing, and only the server's close frame matters).
        var draining = false

        var count: Int { entries.count - head }

        mutating func take() -> Result<Element, APIError> {
            let entry = entries[head]
            head += 1
            if head == entries.count {
                entries.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64, head * 2 >= entries.count {
                entries.removeFirst(head)
                head = 0
            }
            return entry
        }
    }

    private enum Taken {
        case entry(Result<Element, APIError>)
        case end(Result<Void, APIError>?)
        case none
    }

    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds a message (or a message that failed to decode), waiting while the inbox is full.
    ///
    /// - Returns: `false` once the messages have ended or the reading task was cancelled: stop
    ///   reading.
    func push(_ entry: Result<Element, APIError>) async -> Bool {
        while true {
            let (pushed, consumer) = state.withLock { state -> (Bool?, CheckedContinuation<Void, Never>?) in
                if state.end != nil { return (false, nil) }
                if state.draining { return (true, nil) }
                guard state.count < capacity else { return (nil, nil) }
                state.entries.append(entry)
                defer { state.consumer = nil }
                return (true, state.consumer)
            }
            consumer?.resume()
            if let pushed { return pushed }
            if Task.isCancelled { return false }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (producer: CheckedContinuation<Void, Never>) in
                    let now = state.withLock { state in
                        if state.end != nil || state.draining || state.count < capacity || Task.isCancelled {
                            return true
                        }
                        state.producer = producer
                        return false
                    }
                    if now { producer.resume() }
                }
            } onCancel: {
                wake(\.producer)
            }
        }
    }

    /// The next message; `nil` once the messages have ended.
    ///
    /// - Throws: A message's decoding failure (once: the sequence goes on after it), or how the
    ///   connection failed; `APIError.Kind.cancelled` when the waiting task is cancelled.
    func next() async throws(APIError) -> Element? {
        while true {
            let (taken, producer) = state.withLock { state -> (Taken, CheckedContinuation<Void, Never>?) in
                if state.count > 0 {
                    defer { state.producer = nil }
                    return (.entry(state.take()), state.producer)
                }
                if let end = state.end {
                    defer { state.endTaken = true }
                    return (.end(state.endTaken ? nil : end), nil)
                }
                return (.none, nil)
            }
            producer?.resume()
            switch taken {
            case .entry(.success(let element)): return element
            case .entry(.failure(let error)): throw error
            case .end(.failure(let error)?): throw error
            case .end: return nil
            case .none: break
            }
            if Task.isCancelled {
                throw APIError(.cancelled, "The task reading the WebSocket's messages was cancelled.")
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (consumer: CheckedContinuation<Void, Never>) in
                    let now = state.withLock { state in
                        if state.count > 0 || state.end != nil || Task.isCancelled { return true }
                        state.consumer = consumer
                        return false
                    }
                    if now { consumer.resume() }
                }
            } onCancel: {
                wake(\.consumer)
            }
        }
    }

    private func wake(_ side: WritableKeyPath<State, CheckedContinuation<Void, Never>?>) {
        let waiter = state.withLock { state in
            defer { state[keyPath: side] = nil }
            return state[keyPath: side]
        }
        waiter?.resume()
    }

    /// Ends the messages: after those already received, `next()` returns `nil` (or throws `error`).
    func finish(_ error: APIError?) {
        let (consumer, producer) = state.withLock { state in
            if state.end == nil { state.end = error.map { .failure($0) } ?? .success(()) }
            defer { (state.consumer, state.producer) = (nil, nil) }
            return (state.consumer, state.producer)
        }
        consumer?.resume()
        producer?.resume()
    }

    /// The app no longer reads: a waiting reader goes on, and later messages are dropped.
    func drain() {
        state.withLock { $0.draining = true }
        wake(\.producer)
    }
}
