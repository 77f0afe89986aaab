#if OpenCombine || canImport(Combine)
    public import CourierCore
    import Foundation
    #if OpenCombine
        public import OpenCombineShim
    #else
        public import Combine
    #endif

    /// A publisher that sends one request per subscription and publishes its response.
    ///
    /// It is cold and deferred: nothing is sent until a subscriber asks for a value, and each
    /// subscription sends the request once. Cancelling the subscription cancels the call in flight,
    /// down to the transport. Failures are `APIError`s, the same as `APIClient.send(_:)` throws.
    ///
    /// A subscription made on the main queue — from `@MainActor` code, such as a view model's `sink`
    /// — receives its value and completion on the main queue, so a main-actor closure is never run
    /// elsewhere (Swift 6 would stop the program). A subscription made elsewhere receives them on a
    /// task of the cooperative pool; add `.receive(on:)` to choose.
    ///
    /// Get one from `APIClient.publisher(for:)`.
    public struct RequestPublisher<Request: APIRequest>: Publisher, Sendable {
        /// The request's response.
        public typealias Output = Request.Response

        /// Courier's error.
        public typealias Failure = APIError

        /// The client that sends the request.
        public let client: APIClient

        /// The request to send.
        public let request: Request

        /// Creates a publisher.
        ///
        /// - Parameters:
        ///   - client: The client that sends the request.
        ///   - request: The request to send.
        public init(client: APIClient, request: Request) {
            self.client = client
            self.request = request
        }

        /// Attaches a subscriber; the request is sent once it asks for a value.
        ///
        /// - Parameter subscriber: The subscriber.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = Call(
                client: client, request: request, subscriber: AnySubscriber(subscriber),
                deliversOnMain: MainQueue.isCurrent)
            subscriber.receive(subscription: subscription)
        }
    }

    extension RequestPublisher {
        /// One subscription: owns the task that sends the request, and cancels it when cancelled.
        // @unchecked Sendable: `state` (the subscriber and the task) is only touched under its lock;
        // the subscriber is called outside the lock, after being taken out of `state`, so it is
        // called at most once for the value and once for the completion, from one thread at a time.
        private final class Call: Subscription, @unchecked Sendable {
            private struct State {
                var subscriber: AnySubscriber<Output, Failure>?
                var task: Task<Void, Never>?
            }

            private let client: APIClient
            private let request: Request
            private let state: Locked<State>
            private let deliversOnMain: Bool

            init(
                client: APIClient, request: Request, subscriber: AnySubscriber<Output, Failure>, deliversOnMain: Bool
            ) {
                self.client = client
                self.request = request
                self.state = Locked(State(subscriber: subscriber))
                self.deliversOnMain = deliversOnMain
            }

            func request(_ demand: Subscribers.Demand) {
                guard demand > .none else { return }
                state.withLock { state in
                    guard state.subscriber != nil, state.task == nil else { return }
                    state.task = Task { await self.run() }
                }
            }

            func cancel() {
                let task = state.withLock { state -> Task<Void, Never>? in
                    state.subscriber = nil
                    return state.task
                }
                task?.cancel()
            }

            private func run() async {
                let result: Result<Output, Failure>
                do throws(APIError) {
                    result = .success(try await client.send(request))
                } catch {
                    result = .failure(error)
                }
                if deliversOnMain {
                    DispatchQueue.main.async { self.deliver(result) }
                } else {
                    deliver(result)
                }
            }

            /// Hands the result to the subscriber, unless the subscription was cancelled meanwhile.
            private func deliver(_ result: Result<Output, Failure>) {
                guard
                    let subscriber = state.withLock({ state in
                        defer { state.subscriber = nil }
                        return state.subscriber
                    })
                else { return }
                switch result {
                case .success(let value):
                    _ = subscriber.receive(value)
                    subscriber.receive(completion: .finished)
                case .failure(let error):
                    subscriber.receive(completion: .failure(error))
                }
            }
        }
    }
#endif
