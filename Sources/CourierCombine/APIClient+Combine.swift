#if OpenCombine || canImport(Combine)
    public import CourierCore
    import Dispatch
    #if OpenCombine
        public import OpenCombineShim
    #else
        public import Combine
    #endif

    extension APIClient {
        /// A publisher of the request's response: sends the request once per subscription.
        ///
        /// ```swift
        /// client.publisher(for: TodosRequest())
        ///     .receive(on: DispatchQueue.main)
        ///     .sink(receiveCompletion: { _ in }, receiveValue: { todos in self.todos = todos })
        ///     .store(in: &cancellables)
        /// ```
        ///
        /// Nothing is sent before a subscriber asks; cancelling the subscription cancels the call.
        ///
        /// - Parameter request: The request to send.
        /// - Returns: A publisher that fails with `APIError`.
        public func publisher<Request: APIRequest>(for request: Request) -> AnyPublisher<Request.Response, APIError> {
            RequestPublisher(client: self, request: request).eraseToAnyPublisher()
        }

        /// A publisher of a target's response, decoded as `type`.
        ///
        /// - Parameters:
        ///   - target: The endpoint to call.
        ///   - type: The response type.
        /// - Returns: A publisher that fails with `APIError`.
        public func publisher<T: APITarget, Response: Decodable & Sendable>(
            for target: T,
            as type: Response.Type
        ) -> AnyPublisher<Response, APIError> {
            publisher(for: target.expecting(type))
        }

        /// Sends a request and calls back on `scheduler`: `success` or `failure`, then `completion`.
        ///
        /// A convenience many apps write: the three closures replace a `sink(receiveCompletion:receiveValue:)`
        /// that every call site would otherwise repeat. `completion` runs exactly once, after
        /// `success` or `failure`; none of them runs after the returned cancellable is cancelled.
        ///
        /// - Parameters:
        ///   - request: The request to send.
        ///   - scheduler: Where the closures run.
        ///   - success: Receives the response.
        ///   - failure: Receives the error.
        ///   - completion: Runs after `success` or `failure`.
        /// - Returns: Cancels the call when cancelled or released.
        public func sink<Request: APIRequest, Context: Scheduler>(
            _ request: Request,
            on scheduler: Context,
            success: @escaping (Request.Response) -> Void,
            failure: @escaping (APIError) -> Void = { _ in },
            completion: @escaping () -> Void = {}
        ) -> AnyCancellable {
            publisher(for: request)
                .receive(on: scheduler)
                .sink(
                    receiveCompletion: { outcome in
                        if case .failure(let error) = outcome {
                            failure(error)
                        }
                        completion()
                    },
                    receiveValue: success
                )
        }

        /// Sends a request and calls back on the main queue: `success` or `failure`, then
        /// `completion`.
        ///
        /// - Parameters:
        ///   - request: The request to send.
        ///   - success: Receives the response.
        ///   - failure: Receives the error.
        ///   - completion: Runs after `success` or `failure`.
        /// - Returns: Cancels the call when cancelled or released.
        public func sink<Request: APIRequest>(
            _ request: Request,
            success: @escaping (Request.Response) -> Void,
            failure: @escaping (APIError) -> Void = { _ in },
            completion: @escaping () -> Void = {}
        ) -> AnyCancellable {
            sink(request, on: DispatchQueue.main, success: success, failure: failure, completion: completion)
        }
    }
#endif
