#if Demo
    import Courier
    import CourierCombine
    import Foundation
    import OpenCombineShim

    /// Seed 003: the same todo list three ways.
    enum Seed003 {
        struct TodosRequest: APIRequest {
            typealias Response = [Todo]
            var method: HTTPRequest.Method { .get }
            var path: String { "/todos" }
        }

        static func summary(_ todos: [Todo]) -> Outcome {
            todos.count == 3
                ? .expected("\(todos.count) todos, \(todos.filter(\.completed).count) done")
                : .unexpected("\(todos.count) todos")
        }

        static let scenarios = [
            Scenario(seed: "003", name: "todos", style: .completionHandler) { environment in
                await withCheckedContinuation { continuation in
                    environment.client().send(TodosRequest(), queue: DispatchQueue(label: "demo.completion")) {
                        result in
                        switch result {
                        case .success(let todos): continuation.resume(returning: summary(todos))
                        case .failure(let error): continuation.resume(returning: .failed(error))
                        }
                    }
                }
            },
            Scenario(seed: "003", name: "todos into a CurrentValueSubject", style: .combine) { environment in
                let subject = CurrentValueSubject<[Todo], APIError>([])
                let client = environment.client()
                return await waitForSink { finish in
                    let forward = client.publisher(for: TodosRequest())
                        .receive(on: DispatchQueue(label: "demo.main"))
                        .sink(receiveCompletion: {
                            if case .failure(let e) = $0 { subject.send(completion: .failure(e)) }
                        }) {
                            subject.send($0)
                        }
                    return subject.dropFirst().sink(
                        receiveCompletion: { if case .failure(let error) = $0 { finish(.failed(error)) } },
                        receiveValue: { todos in
                            forward.cancel()
                            finish(summary(todos))
                        }
                    )
                }
            },
            Scenario(seed: "003", name: "todos", style: .asyncAwait) { environment in
                do throws(APIError) {
                    return summary(try await environment.client().send(TodosRequest()))
                } catch {
                    return .failed(error)
                }
            },
        ]
    }
#endif
