public import Dispatch

extension APIClient {
    /// Sends a request and calls `completion` on `queue` with the result.
    ///
    /// For code that is not `async` yet (seed 003's first version). `completion` runs exactly
    /// once: with the response, with the error, or with ``APIError/Kind/cancelled`` after
    /// ``CallHandle/cancel()``.
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
    ///   - queue: Where `completion` runs; the main queue by default.
    ///   - completion: Receives the result.
    /// - Returns: A handle that cancels the call.
    @discardableResult
    public func send<Request: APIRequest>(
        _ request: Request,
        queue: DispatchQueue = .main,
        completion: @escaping @Sendable (Result<Request.Response, APIError>) -> Void
    ) -> CallHandle {
        let task = Task {
            let result: Result<Request.Response, APIError>
            do throws(APIError) {
                result = .success(try await send(request))
            } catch {
                result = .failure(error)
            }
            queue.async { completion(result) }
        }
        return CallHandle(task: task)
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
