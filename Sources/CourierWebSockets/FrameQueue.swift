import CourierCore
import Foundation

/// Server frames for the client's reader, from the receive loop (which waits while `capacity`
/// are unread: a slow app slows the reading) and from pongs (which never wait).
final class FrameQueue: Sendable {
    private struct State {
        var frames: [Data] = []
        var ended = false
        var failure: (any Error)?
        var reader: CheckedContinuation<Data?, any Error>?
        var producers: [CheckedContinuation<Void, Never>] = []
    }

    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds a frame, waiting while the queue is full.
    func push(_ frame: Data) async {
        await withCheckedContinuation { (producer: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard state.frames.count >= capacity, !state.ended else { return true }
                state.producers.append(producer)
                return false
            }
            if now { producer.resume() }
        }
        pushNow(frame)
    }

    /// Adds a frame at once.
    func pushNow(_ frame: Data) {
        let reader = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard !state.ended else { return nil }
            if let reader = state.reader {
                state.reader = nil
                return reader
            }
            state.frames.append(frame)
            return nil
        }
        reader?.resume(returning: frame)
    }

    /// Ends the frames, after those queued, with `failure` or at their end.
    func finish(_ failure: (any Error)?) {
        let (reader, producers) = state.withLock { state in
            if !state.ended {
                state.ended = true
                state.failure = failure
            }
            defer { (state.reader, state.producers) = (nil, []) }
            return (state.frames.isEmpty ? state.reader : nil, state.producers)
        }
        for producer in producers { producer.resume() }
        if let reader {
            if let failure { reader.resume(throwing: failure) } else { reader.resume(returning: nil) }
        }
    }

    /// The next frame; `nil` at the end.
    func next() async throws -> Data? {
        let (frame, producer, done): (Data?, CheckedContinuation<Void, Never>?, Bool) = state.withLock { state in
            if !state.frames.isEmpty {
                let frame = state.frames.removeFirst()
                let producer = state.producers.isEmpty ? nil : state.producers.removeFirst()
                return (frame, producer, false)
            }
            return (nil, nil, state.ended)
        }
        producer?.resume()
        if let frame { return frame }
        if done {
            if let failure = state.withLock({ $0.failure }) { throw failure }
            return nil
        }
        return try await withCheckedThrowingContinuation { (reader: CheckedContinuation<Data?, any Error>) in
            let (now, producer) = state.withLock {
                state -> (Result<Data?, any Error>?, CheckedContinuation<Void, Never>?) in
                if !state.frames.isEmpty {
                    // A frame came meanwhile: taken as above, letting a waiting producer go on.
                    let producer = state.producers.isEmpty ? nil : state.producers.removeFirst()
                    return (.success(state.frames.removeFirst()), producer)
                }
                if state.ended { return (state.failure.map { .failure($0) } ?? .success(nil), nil) }
                state.reader = reader
                return (nil, nil)
            }
            producer?.resume()
            if let now { reader.resume(with: now) }
        }
    }

    /// The frames as an async sequence, read once.
    struct Frames: AsyncSequence, Sendable {
        typealias Element = Data
        let queue: FrameQueue

        struct AsyncIterator: AsyncIteratorProtocol {
            let queue: FrameQueue
            mutating func next() async throws -> Data? { try await queue.next() }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(queue: queue) }
    }
}
