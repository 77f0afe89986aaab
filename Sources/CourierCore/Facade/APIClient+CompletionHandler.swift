public import Dispatch

extension APIClient {
    /// Sends a request and calls `completion` on the main actor with the result.
    ///
    /// For code that is not `async` yet: `completion` may update `@MainActor` state, such as a
    /// view model's or a view controller's. It runs exactly once: with the response, with the
    /// error, or with ``APIError/Kind/cancelled`` after ``CallHandle/cancel()``.
    ///
    /// ```swift
    /// client.send(TodosRequest()) { result in
    ///     switch result {
    ///     case .success(let todos): self.todos = todos
    ///     case .failure(let error): self.show(error)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - completion: Receives the result, on the main actor.
    /// - Returns: A handle that cancels the call.
    @discardableResult
    public func send<Request: APIRequest>(
        _ request: Request,
        completion: @escaping @MainActor (Result<Request.Response, APIError>) -> Void
    ) -> CallHandle {
        let task = Task {
            let result = await result(of: request)
            await MainActor.run { completion(result) }
        }
        return CallHandle(task: task)
    }

    /// Sends a request and calls `completion` on `queue` with the result.
    ///
    /// For callers that want the result on a queue of their own; from the main actor, use
    /// ``send(_:completion:)``. `completion` runs exactly once: with the response, with the
    /// error, or with ``APIError/Kind/cancelled`` after ``CallHandle/cancel()``.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - queue: Where `completion` runs.
    ///   - completion: Receives the result.
    /// - Returns: A handle that cancels the call.
    @discardableResult
    public func send<Request: APIRequest>(
        _ request: Request,
        queue: DispatchQueue,
        completion: @escaping @Sendable (Result<Request.Response, APIError>) -> Void
    ) -> CallHandle {
        let task = Task {
            let result = await result(of: request)
            queue.async { completion(result) }
        }
        return CallHandle(task: task)
    }

    private func result<Request: APIRequest>(of request: Request) async -> Result<Request.Response, APIError> {
        do throws(APIError) {
            return .success(try await send(request))
        } catch {
            return .failure(error)
        }
    }
}

/// Cancels a call started with a completion handler.
public struct CallHandle: Sendable {
    private let task: Task<Void, Never>

    init(task: Task<Void, Never>) {
        self.task = task
    }

    /// Cancels the call; its completion handler then receives ``APIError/Kind/cancelled``
    /// unless the call had already finished.
    public func cancel() {
        task.cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { task.isCancelled }
}
