#if RxSwift
    public import CourierCore
    public import CourierStreams
    public import RxSwift

    extension Reactive where Base == APIClient {
        /// An `Observable` of an endpoint's Server-Sent Events; see `APIClient.events(_:lastEventID:reconnection:idleTimeout:)`.
        ///
        /// ```swift
        /// client.rx.events(CompletionRequest())
        ///     .observe(on: MainScheduler.instance)
        ///     .subscribe(onNext: { event in text += event.data.text })
        ///     .disposed(by: disposeBag)
        /// ```
        ///
        /// Cold: each subscription opens the stream; disposing closes it. Errors are `APIError`s.
        ///
        /// - Parameters:
        ///   - request: The request that opens the stream.
        ///   - lastEventID: The event ID to resume after.
        ///   - reconnection: When to reconnect after the connection drops.
        ///   - idleTimeout: The longest the body may stay silent.
        /// - Returns: The events.
        public func events<Request: APIRequest>(
            _ request: Request,
            lastEventID: String? = nil,
            reconnection: ReconnectionPolicy = .standard,
            idleTimeout: Duration? = nil
        ) -> Observable<ServerSentEvent<Request.Response>> {
            observable(
                base.events(request, lastEventID: lastEventID, reconnection: reconnection, idleTimeout: idleTimeout))
        }

        /// An `Observable` of a JSON Lines body's values; see `APIClient.jsonLines(_:maximumLineLength:idleTimeout:)`.
        ///
        /// - Parameters:
        ///   - request: The request; its `Response` is one line's type.
        ///   - maximumLineLength: The longest line accepted, in bytes.
        ///   - idleTimeout: The longest the body may stay silent.
        /// - Returns: The decoded lines.
        public func jsonLines<Request: APIRequest>(
            _ request: Request,
            maximumLineLength: Int = 1 << 20,
            idleTimeout: Duration? = nil
        ) -> Observable<Request.Response> {
            observable(base.jsonLines(request, maximumLineLength: maximumLineLength, idleTimeout: idleTimeout))
        }

        /// An `Observable` of a paginated list's pages; see `APIClient.pages(_:pagination:)`.
        ///
        /// - Parameters:
        ///   - first: The request for the first page.
        ///   - pagination: How to get from one page to the next.
        /// - Returns: The pages.
        public func pages<Request: APIRequest>(
            _ first: Request,
            pagination: Pagination<Request>
        ) -> Observable<APIResponse<Request.Response>> {
            observable(base.pages(first, pagination: pagination))
        }

        /// Iterates `stream` once per subscription, in a task that disposing cancels.
        private func observable<Stream: AsyncSequence & Sendable>(_ stream: Stream) -> Observable<Stream.Element>
        where Stream.Element: Sendable {
            Observable.create { observer in
                // `observer` is not Sendable; it is called from the task alone, one event at a time.
                nonisolated(unsafe) let observer = observer
                let task = Task {
                    do {
                        for try await value in stream { observer.onNext(value) }
                        observer.onCompleted()
                    } catch {
                        guard !Task.isCancelled else { return }
                        observer.onError(error)
                    }
                }
                return Disposables.create { task.cancel() }
            }
        }
    }
#endif
