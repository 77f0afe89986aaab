#if Demo
    import Courier
    import CourierCombine
    import DemoAPI
    import Dispatch
    import Foundation
    import OpenCombineShim
    import Testing

    /// The seeds' Combine code, written with Courier, against the demo server.
    @Suite("Combine: seed scenarios")
    struct SeedScenarioTests {
        struct Todo: Decodable, Equatable, Sendable {
            var userId: Int
            var id: Int
            var title: String
            var completed: Bool
        }

        struct TodosRequest: APIRequest {
            typealias Response = [Todo]
            var method: HTTPRequest.Method { .get }
            var path: String { "/todos" }
        }

        /// Seed 003: a view model that publishes the todo list through a `CurrentValueSubject`,
        /// delivered on the main queue.
        // @unchecked Sendable: like seed 003's view model, it is only used from the main queue
        // (`load()` subscribes there and every value arrives there).
        final class TodoViewModel: @unchecked Sendable {
            let todos = CurrentValueSubject<[Todo], APIError>([])
            private var cancellables = Set<AnyCancellable>()
            private let client: APIClient

            init(client: APIClient) {
                self.client = client
            }

            func load() {
                client.publisher(for: TodosRequest())
                    .receive(on: DispatchQueue.main)
                    .sink(
                        receiveCompletion: { [todos] completion in
                            dispatchPrecondition(condition: .onQueue(.main))
                            if case .failure(let error) = completion { todos.send(completion: .failure(error)) }
                        },
                        receiveValue: { [todos] value in
                            dispatchPrecondition(condition: .onQueue(.main))
                            todos.send(value)
                        }
                    )
                    .store(in: &cancellables)
            }
        }

        @Test(arguments: TransportKind.available)
        func seed003ViewModelPublishesTodosOnTheMainQueue(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let model = TodoViewModel(client: makeClient(kind, baseURL: baseURL))
                let box = SubscriptionBox()
                let lists = Locked<[[Todo]]>([])
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    box.keep(
                        model.todos.sink(receiveCompletion: { _ in }) { list in
                            lists.withLock { $0.append(list) }
                            if !list.isEmpty { done.resume() }
                        }
                    )
                    DispatchQueue.main.async { model.load() }
                }
                let published = lists.withLock { $0 }
                #expect(published.first == [])
                #expect(published.last?.map(\.id) == [1, 2, 3])
                #expect(published.last?.first?.title == "delectus aut autem")
            }
        }

        @Test(arguments: TransportKind.available)
        func seed000UserRequestThroughSink(_ kind: TransportKind) async throws {
            struct UserModel: Decodable, Sendable, Equatable {
                var name: String
                var id: Int
            }
            struct UserRequest: APIRequest {
                typealias Response = DataEnvelope<[UserModel]>
                var method: HTTPRequest.Method { .get }
                var path: String { "/users" }
            }
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let users = Locked<[UserModel]>([])
                let box = SubscriptionBox()
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    box.keep(
                        client.sink(
                            UserRequest(),
                            success: { response in users.withLock { $0 = response.data } },
                            failure: { error in Issue.record("\(error)") },
                            completion: { done.resume() }
                        )
                    )
                }
                #expect(users.withLock { $0 } == [UserModel(name: "Bob", id: 0), UserModel(name: "Sam", id: 1)])
            }
        }

        /// Seed 004's `ApiService.request(target, with:)` shape, over a plain request until targets land.
        struct ApiService {
            let client: APIClient

            func request<Request: APIRequest>(_ request: Request) -> AnyPublisher<Request.Response, APIError> {
                client.publisher(for: request)
            }
        }

        @Test func seed004ServiceReturnsAnErasedPublisher() async throws {
            try await DemoServer.withRunning { baseURL in
                let service = ApiService(client: APIClient(baseURL: baseURL))
                let delivery = await collect(service.request(TodosRequest()).map(\.count).eraseToAnyPublisher())
                #expect(delivery.values == [3])
                #expect(delivery.failure == nil)
            }
        }
    }
#endif
