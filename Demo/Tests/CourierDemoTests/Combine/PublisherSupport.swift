#if Demo
    import Courier
    import Dispatch
    import OpenCombineShim

    /// What a publisher delivered, collected until it completed.
    struct Delivery<Output: Sendable>: Sendable {
        var values: [Output] = []
        var failure: APIError?
        var completions = 0
    }

    /// Holds a subscription (OpenCombine's types are not `Sendable`) until the test is done with it.
    // @unchecked Sendable: `cancellable` is written once, under the lock, and read under it.
    final class SubscriptionBox: @unchecked Sendable {
        private let lock = Locked<AnyCancellable?>(nil)

        func keep(_ cancellable: AnyCancellable) {
            lock.withLock { $0 = cancellable }
        }

        func cancel() {
            lock.withLock { $0?.cancel() }
        }
    }

    /// Subscribes, and returns what was delivered once the publisher completes.
    func collect<Output: Sendable>(
        _ publisher: AnyPublisher<Output, APIError>,
        on queue: DispatchQueue = DispatchQueue(label: "test.delivery")
    ) async -> Delivery<Output> {
        let box = SubscriptionBox()
        let delivery = Locked(Delivery<Output>())
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            box.keep(
                publisher.receive(on: queue).sink(
                    receiveCompletion: { completion in
                        delivery.withLock { delivery in
                            delivery.completions += 1
                            if case .failure(let error) = completion { delivery.failure = error }
                        }
                        continuation.resume()
                    },
                    receiveValue: { value in delivery.withLock { $0.values.append(value) } }
                )
            )
        }
        return delivery.withLock { $0 }
    }
#endif
