import Courier
import CourierTesting
import Dispatch
import Foundation
import Testing

/// `APIClient.send(_:queue:completion:)`, seed 003's first style.
@Suite("APIClient: completion handlers")
struct CompletionHandlerTests {
    struct Text: APIRequest {
        typealias Response = String
        var method: HTTPRequest.Method { .get }
        var path: String { "/text" }
    }

    static func result(
        _ client: APIClient,
        queue: DispatchQueue,
        cancellingAtOnce: Bool = false
    ) async -> (Result<String, APIError>, calls: Int) {
        let calls = Locked(0)
        let result = await withCheckedContinuation { (done: CheckedContinuation<Result<String, APIError>, Never>) in
            let handle = client.send(Text(), queue: queue) { result in
                dispatchPrecondition(condition: .onQueue(queue))
                calls.withLock { $0 += 1 }
                done.resume(returning: result)
            }
            if cancellingAtOnce {
                handle.cancel()
                #expect(handle.isCancelled)
            }
        }
        try? await Task.sleep(for: .milliseconds(50))  // a second call would have arrived by now
        return (result, calls.withLock { $0 })
    }

    @Test func deliversTheResponseOnTheQueueOnce() async throws {
        let queue = DispatchQueue(label: "test.completion")
        let (result, calls) = await Self.result(Recorder(reply: .json(#""hi""#)).client(), queue: queue)
        #expect(try result.get() == #""hi""#)
        #expect(calls == 1)
    }

    @Test func deliversTypedFailures() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in .json("{}", status: .internalServerError) }
        )
        let (result, _) = await Self.result(client, queue: .main)
        let error = #expect(throws: APIError.self) { try result.get() }
        #expect(error?.status == .internalServerError)
    }

    /// The stub answers after an hour: a call not ended by its cancellation would end at its 60 s
    /// deadline as a timeout. The kind says which, not this test's clock (the main queue took 5.2 s
    /// to drain under the Thread Sanitizer in a CI run).
    @Test func cancellingDeliversCancelledOnce() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in
                try await Task.sleep(for: .seconds(3600))
                return .json(#""late""#)
            }
        )
        let (result, calls) = await Self.result(client, queue: .main, cancellingAtOnce: true)
        let error = #expect(throws: APIError.self) { try result.get() }
        #expect(error?.kind == .cancelled)
        #expect(calls == 1)
    }

    @Test @MainActor func mainActorCompletionUpdatesMainActorState() async throws {
        let model = TodoListModel()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            // Inferred `@MainActor`: the closure touches the model without `Task` or `DispatchQueue`.
            Recorder(reply: .json("buy milk")).client().send(Text()) { result in
                dispatchPrecondition(condition: .onQueue(.main))
                model.titles.append((try? result.get()) ?? "failed")
                model.deliveries += 1
                done.resume()
            }
        }
        try? await Task.sleep(for: .milliseconds(50))  // a second delivery would have arrived by now
        #expect(model.titles == ["buy milk"])
        #expect(model.deliveries == 1)
    }

    @Test @MainActor func mainActorCompletionIsCancelledOnce() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in
                try await Task.sleep(for: .seconds(10))
                return .json(#""late""#)
            }
        )
        let model = TodoListModel()
        let error: APIError? = await withCheckedContinuation { done in
            let handle = client.send(Text()) { result in
                model.deliveries += 1
                if case .failure(let error) = result {
                    done.resume(returning: error)
                } else {
                    done.resume(returning: nil)
                }
            }
            handle.cancel()
        }
        #expect(error?.kind == .cancelled)
        #expect(model.deliveries == 1)
    }
}

/// Main-actor state, as a view model holds it.
@MainActor final class TodoListModel {
    var titles: [String] = []
    var deliveries = 0
}
