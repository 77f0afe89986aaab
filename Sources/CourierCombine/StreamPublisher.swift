#if OpenCombine || canImport(Combine)
    public import CourierCore
    public import CourierStreams
    import Foundation
    #if OpenCombine
        public import OpenCombineShim
    #else
        public import Combine
    #endif

    /// A publisher of the values of one of Courier's streams — events, JSON lines, pages — with
    /// Combine's back-pressure: the next value is read from the stream only once the subscriber
    /// has asked for it.
    ///
    /// It is cold and deferred like ``RequestPublisher``: each subscription opens the stream once
    /// the subscriber asks for a value, and cancelling the subscription closes it, down to the
    /// connection. Failures are `APIError`s. A subscription made on the main queue receives its
    /// values and completion on the main queue; one made elsewhere, on a task of the cooperative
    /// pool.
    ///
    /// Get one from `APIClient.eventsPublisher(for:lastEventID:reconnection:idleTimeout:)`,
    /// `jsonLinesPublisher(for:maximumLineLength:idleTimeout:)` or `pagesPublisher(for:pagination:)`.
    public struct StreamPublisher<Stream: AsyncSequence & Sendable>: Publisher, Sendable
    where Stream.Element: Sendable {
        /// A value of the stream.
        public typealias Output = Stream.Element

        /// Courier's error.
        public typealias Failure = APIError

        private let stream: Stream

        /// Creates a publisher of a stream's values.
        ///
        /// - Parameter stream: The stream; iterated once per subscription.
        public init(_ stream: Stream) {
            self.stream = stream
        }

        /// Attaches a subscriber; the stream is opened once it asks for a value.
        ///
        /// - Parameter subscriber: The subscriber.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = Iteration(
                stream: stream, subscriber: AnySubscriber(subscriber), deliversOnMain: MainQueue.isCurrent)
            subscriber.receive(subscription: subscription)
        }
    }

    extension StreamPublisher {
        /// One subscription: a task that reads the stream as the subscriber's demand allows.
        // @unchecked Sendable: `state` is only touched under its lock; the subscriber is called
        // from the iterating task alone (or the main queue it hops to), one call at a time, and
        // never after the completion. A value already taken out for delivery when a cancellation
        // lands may still arrive; nothing is read from the stream after it.
        private final class Iteration: Subscription, @unchecked Sendable {
            private struct State {
                var subscriber: AnySubscriber<Output, Failure>?
                var demand = Subscribers.Demand.none
                var waiter: CheckedContinuation<Bool, Never>?
                var task: Task<Void, Never>?
            }

            private let stream: Stream
            private let state: Locked<State>
            private let deliversOnMain: Bool

            init(stream: Stream, subscriber: AnySubscriber<Output, Failure>, deliversOnMain: Bool) {
                self.stream = stream
                self.state = Locked(State(subscriber: subscriber))
                self.deliversOnMain = deliversOnMain
            }

            func request(_ demand: Subscribers.Demand) {
                guard demand > .none else { return }
                let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                    guard state.subscriber != nil else { return nil }
                    state.demand += demand
                    if state.task == nil { state.task = Task { await self.run() } }
                    defer { state.waiter = nil }
                    return state.waiter
                }
                waiter?.resume(returning: true)
            }

            func cancel() {
                let (task, waiter) = state.withLock { state in
                    state.subscriber = nil
                    defer { state.waiter = nil }
                    return (state.task, state.waiter)
                }
                waiter?.resume(returning: false)
                task?.cancel()
            }

            private func run() async {
                var values = stream.makeAsyncIterator()
                while await hasDemand() {
                    let value: Output?
                    do {
                        value = try await values.next()
                    } catch {
                        await complete(.failure(Self.apiError(error)))
                        return
                    }
                    guard let value else {
                        await complete(.finished)
                        return
                    }
                    await deliver(value)
                }
            }

            /// Waits until the subscriber wants a value; `false` once it has cancelled.
            private func hasDemand() async -> Bool {
                await withCheckedContinuation { continuation in
                    let ready = state.withLock { state -> Bool? in
                        guard state.subscriber != nil else { return false }
                        guard state.demand == .none else { return true }
                        state.waiter = continuation
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            }

            private func deliver(_ value: Output) async {
                let send = { @Sendable [self] in
                    guard let subscriber = state.withLock({ $0.subscriber }) else { return }
                    let more = subscriber.receive(value)
                    state.withLock { state in
                        state.demand -= 1
                        state.demand += more
                    }
                }
                if deliversOnMain {
                    await MainActor.run { send() }
                } else {
                    send()
                }
            }

            private func complete(_ completion: Subscribers.Completion<Failure>) async {
                let send = { @Sendable [self] in
                    let subscriber = state.withLock { state in
                        defer { state.subscriber = nil }
                        return state.subscriber
                    }
                    subscriber?.receive(completion: completion)
                }
                if deliversOnMain {
                    await MainActor.run { send() }
                } else {
                    send()
                }
            }

            private static func apiError(_ error: any Error) -> APIError {
                if let error = error as? APIError { return error }
                if error is CancellationError { return APIError(.cancelled, "The stream was cancelled.") }
                return APIError(.transport, "The stream failed.", underlying: error)
            }
        }
    }

    extension APIClient {
        /// A publisher of an endpoint's Server-Sent Events; see
        /// `APIClient.events(_:lastEventID:reconnection:idleTimeout:)`.
        ///
        /// ```swift
        /// client.eventsPublisher(for: CompletionRequest())
        ///     .sink(receiveCompletion: { _ in }, receiveValue: { event in text += event.data.text })
        ///     .store(in: &cancellables)
        /// ```
        ///
        /// - Parameters:
        ///   - request: The request that opens the stream.
        ///   - lastEventID: The event ID to resume after.
        ///   - reconnection: When to reconnect after the connection drops.
        ///   - idleTimeout: The longest the body may stay silent.
        /// - Returns: A publisher of the events that fails with `APIError`.
        public func eventsPublisher<Request: APIRequest>(
            for request: Request,
            lastEventID: String? = nil,
            reconnection: ReconnectionPolicy = .standard,
            idleTimeout: Duration? = nil
        ) -> StreamPublisher<ServerSentEventStream<Request.Response>> {
            StreamPublisher(
                events(request, lastEventID: lastEventID, reconnection: reconnection, idleTimeout: idleTimeout))
        }

        /// A publisher of the values of a JSON Lines body, one per line; see
        /// `APIClient.jsonLines(_:maximumLineLength:idleTimeout:)`.
        ///
        /// - Parameters:
        ///   - request: The request; its `Response` is one line's type.
        ///   - maximumLineLength: The longest line accepted, in bytes.
        ///   - idleTimeout: The longest the body may stay silent.
        /// - Returns: A publisher of the decoded lines that fails with `APIError`.
        public func jsonLinesPublisher<Request: APIRequest>(
            for request: Request,
            maximumLineLength: Int = 1 << 20,
            idleTimeout: Duration? = nil
        ) -> StreamPublisher<JSONLinesStream<Request.Response>> {
            StreamPublisher(jsonLines(request, maximumLineLength: maximumLineLength, idleTimeout: idleTimeout))
        }

        /// A publisher of the pages of a paginated list; see
        /// `APIClient.pages(_:pagination:)`.
        ///
        /// - Parameters:
        ///   - first: The request for the first page.
        ///   - pagination: How to get from one page to the next.
        /// - Returns: A publisher of the pages that fails with `APIError`.
        public func pagesPublisher<Request: APIRequest>(
            for first: Request,
            pagination: Pagination<Request>
        ) -> StreamPublisher<Pages<Request>> {
            StreamPublisher(pages(first, pagination: pagination))
        }
    }
#endif
