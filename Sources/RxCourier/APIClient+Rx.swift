// Without Courier's `RxSwift` trait, RxCourier builds empty, save for `Unavailable.swift`'s stand-in,
// and RxSwift is not resolved.
#if RxSwift
    public import CourierCore
    public import RxSwift

    // The Courier module cannot import RxSwift (every app would resolve it), so `.rx` needs this
    // conformance here, as RxCocoa adds it to Foundation's types. Not retroactive: both modules are
    // this package's.
    extension APIClient: ReactiveCompatible {}

    extension Reactive where Base == APIClient {
        /// A `Single` of the request's response: seed 001's `TimetableRequestApi.call()` in one line.
        ///
        /// ```swift
        /// func call() -> Single<Timetable> {
        ///     client.rx.send(TimetableRequest())
        /// }
        ///
        /// api.call()
        ///     .observe(on: MainScheduler.instance)
        ///     .subscribe(onSuccess: { timetable in … }, onFailure: { error in … })
        ///     .disposed(by: disposeBag)
        /// ```
        ///
        /// The `Single` is cold: each subscription sends the request once. Disposing the subscription
        /// cancels the call in flight, down to the transport. A failure is always an `APIError`
        /// (RxSwift's errors are untyped; recover it with `error as? APIError`, or use
        /// ``result(_:)``).
        ///
        /// Values arrive on whatever thread finished the call. Code that updates the UI — any
        /// `@MainActor` closure — must come after `.observe(on: MainScheduler.instance)`: such a
        /// closure called off the main actor traps at run time.
        ///
        /// - Parameter request: The request to send.
        /// - Returns: A `Single` of the decoded response.
        public func send<Request: APIRequest>(_ request: Request) -> Single<Request.Response> {
            let client = base
            return Single.create { observer in
                // `observer` is not Sendable; it is called exactly once, from the task, and RxSwift
                // serializes a Single's events itself.
                nonisolated(unsafe) let observer = observer
                let task = Task {
                    do throws(APIError) {
                        observer(.success(try await client.send(request)))
                    } catch {
                        guard !Task.isCancelled else { return }
                        observer(.failure(error))
                    }
                }
                return Disposables.create { task.cancel() }
            }
        }

        /// A `Single` that never fails: the call's `Result`, with its typed `APIError`.
        ///
        /// - Parameter request: The request to send.
        /// - Returns: A `Single` of the result.
        public func result<Request: APIRequest>(_ request: Request) -> Single<Result<Request.Response, APIError>> {
            send(request)
                .map { .success($0) }
                .catch { error in .just(.failure(error as? APIError ?? APIError(.transport, "\(error)"))) }
        }
    }
#endif
