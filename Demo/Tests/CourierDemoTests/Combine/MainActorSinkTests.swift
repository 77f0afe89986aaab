#if Demo
    import Courier
    import CourierCombine
    import CourierTesting
    import Dispatch
    import Foundation
    import OpenCombineShim
    import Testing

    /// Sinking a request's publisher from `@MainActor` code, as a view model does, without
    /// `.receive(on:)`: Swift 6 stops the program if a main-actor closure runs elsewhere.
    @Suite("Combine: sinking from the main actor")
    @MainActor
    struct MainActorSinkTests {
        struct Title: APIRequest {
            typealias Response = String
            var method: HTTPRequest.Method { .get }
            var path: String { "/title" }
        }

        /// A view model's state, isolated to the main actor.
        @MainActor final class ViewModel {
            var titles: [String] = []
            var failures: [APIError.Kind] = []
            var completions = 0
            var cancellables = Set<AnyCancellable>()

            func load(_ client: APIClient, done: @escaping @MainActor () -> Void) {
                client.publisher(for: Title())
                    .sink(
                        receiveCompletion: { completion in
                            dispatchPrecondition(condition: .onQueue(.main))
                            if case .failure(let error) = completion { self.failures.append(error.kind) }
                            self.completions += 1
                            done()
                        },
                        receiveValue: { title in
                            dispatchPrecondition(condition: .onQueue(.main))
                            self.titles.append(title)
                        }
                    )
                    .store(in: &cancellables)
            }
        }

        @Test func valueAndCompletionArriveOnTheMainQueue() async {
            let model = ViewModel()
            await withCheckedContinuation { done in
                model.load(Recorder(reply: .json("Hello")).client()) { done.resume() }
            }
            #expect(model.titles == ["Hello"])
            #expect(model.completions == 1)
        }

        @Test func failureArrivesOnTheMainQueue() async {
            let model = ViewModel()
            let client = APIClient(
                baseURL: URL(string: "https://api.example.com")!,
                transport: StubTransport { _, _ in .json("{}", status: .serviceUnavailable) })
            await withCheckedContinuation { done in
                model.load(client) { done.resume() }
            }
            #expect(model.failures == [.unacceptableStatus])
            #expect(model.completions == 1)
        }

        @Test func subscriptionOffTheMainQueueIsNotMovedToIt() async throws {
            let recorder = Recorder(reply: .json("x"))
            let queue = DispatchQueue(label: "test.subscriber")
            let onMain = Locked<[Bool]>([])
            let box = SubscriptionBox()
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                queue.async {
                    box.keep(
                        recorder.client().publisher(for: Title()).sink(
                            receiveCompletion: { _ in done.resume() },
                            receiveValue: { _ in onMain.withLock { $0.append(Self.isOnMainQueue) } }
                        ))
                }
            }
            #expect(onMain.withLock { $0 } == [false])
        }

        private nonisolated static let mainKey: DispatchSpecificKey<Bool> = {
            let key = DispatchSpecificKey<Bool>()
            DispatchQueue.main.setSpecific(key: key, value: true)
            return key
        }()

        private nonisolated static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainKey) == true }
    }
#endif
