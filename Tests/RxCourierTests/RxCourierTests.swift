#if RxSwift
    import Courier
    import CourierTesting
    import Dispatch
    import Foundation
    import RxCourier
    import RxSwift
    import Testing

    @Suite("RxCourier")
    struct RxCourierTests {
        struct Timetable: Decodable, Sendable, Equatable {
            var className: String
        }

        /// Seed 001's per-endpoint API type, returning a `Single`.
        struct TimetableRequestApi {
            struct TimetableRequest: APIRequest {
                typealias Response = Timetable
                var method: HTTPRequest.Method { .get }
                var path: String { "/timetable" }
                var decoder: JSONDecoder? { .snakeCase }
            }

            let client: APIClient

            func call() -> Single<Timetable> {
                client.rx.send(TimetableRequest())
            }
        }

        static let baseURL = URL(string: "https://school.example")!

        /// Waits for a `Single`'s one event.
        static func event<Value: Sendable>(of single: Single<Value>) async -> Result<Value, any Error> {
            await withCheckedContinuation { continuation in
                _ = single.subscribe(
                    onSuccess: { continuation.resume(returning: .success($0)) },
                    onFailure: { continuation.resume(returning: .failure($0)) }
                )
            }
        }

        @Test func singleDeliversTheDecodedValue() async throws {
            let client = APIClient(baseURL: Self.baseURL, transport: .sequence([.json(#"{"class_name": "3-A"}"#)]))
            let value = try await Self.event(of: TimetableRequestApi(client: client).call()).get()
            #expect(value == Timetable(className: "3-A"))
        }

        @Test func failureCarriesTheAPIError() async throws {
            let client = APIClient(
                baseURL: Self.baseURL, transport: .sequence([.json(#"{"error":"no"}"#, status: .forbidden)]))
            let outcome = await Self.event(of: TimetableRequestApi(client: client).call())
            let error = try #require(outcome.failureError as? APIError)
            #expect(error.status == .forbidden)

            let result = try await Self.event(
                of: APIClient(baseURL: Self.baseURL, transport: .sequence([.status(.notFound)])).rx.result(
                    TimetableRequestApi.TimetableRequest()
                )
            ).get()
            #expect(result.failureError?.kind == .unacceptableStatus)
        }

        @Test func disposingCancelsTheCallInFlight() async throws {
            let cancelled = Locked(false)
            let transport = StubTransport { _, _ in
                do {
                    try await Task.sleep(for: .seconds(10))
                } catch {
                    cancelled.withLock { $0 = true }
                    throw error
                }
                return .json("{}")
            }
            let events = Locked(0)
            let subscription = TimetableRequestApi(client: APIClient(baseURL: Self.baseURL, transport: transport))
                .call()
                .subscribe(
                    onSuccess: { _ in events.withLock { $0 += 1 } }, onFailure: { _ in events.withLock { $0 += 1 } })
            try await Task.sleep(for: .milliseconds(100))
            subscription.dispose()
            let started = ContinuousClock.now
            while !cancelled.withLock({ $0 }), started.duration(to: .now) < .seconds(2) {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(cancelled.withLock { $0 })
            #expect(events.withLock { $0 } == 0)
        }

        @Test func observeOnMainSchedulerDeliversOnTheMainQueue() async throws {
            let client = APIClient(baseURL: Self.baseURL, transport: .sequence([.json(#"{"class_name": "3-A"}"#)]))
            let onMain = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                _ = TimetableRequestApi(client: client).call()
                    .observe(on: MainScheduler.instance)
                    .subscribe(onSuccess: { _ in
                        dispatchPrecondition(condition: .onQueue(.main))
                        continuation.resume(returning: true)
                    })
            }
            #expect(onMain)
        }
    }

    @Suite("RxCourier: streams")
    struct RxCourierStreamTests {
        struct Export: APIRequest {
            struct Line: Decodable, Sendable, Equatable {
                var n: Int
            }
            typealias Response = Line
            var method: HTTPRequest.Method { .get }
            var path: String { "/export" }
            var page = 1
            var query: QueryParameters { ["page": page] }
        }

        /// Collects an `Observable`'s values until it completes or fails.
        static func values<Value: Sendable>(of observable: Observable<Value>) async -> ([Value], (any Error)?) {
            let values = Locked<[Value]>([])
            return await withCheckedContinuation { continuation in
                _ = observable.subscribe(
                    onNext: { value in values.withLock { $0.append(value) } },
                    onError: { continuation.resume(returning: (values.withLock { $0 }, $0)) },
                    onCompleted: { continuation.resume(returning: (values.withLock { $0 }, nil)) }
                )
            }
        }

        @Test func jsonLinesArriveAsAnObservableAndAMalformedLineFails() async throws {
            let client = APIClient(
                baseURL: RxCourierTests.baseURL,
                transport: StubTransport { _, _ in
                    StubTransport.Reply(
                        headerFields: [.contentType: "application/x-ndjson"],
                        body: Data("{\"n\":1}\n{\"n\":2}\n{\"n\":\n".utf8))
                })
            let (lines, error) = await Self.values(of: client.rx.jsonLines(Export()))
            #expect(lines == [Export.Line(n: 1), Export.Line(n: 2)])
            #expect((error as? APIError)?.kind == .decoding)
        }

        @Test func pagesArriveAsAnObservable() async throws {
            let client = APIClient(
                baseURL: RxCourierTests.baseURL,
                transport: StubTransport { _, _ in .json(#"{"n":0}"#) })
            let pagination = Pagination<Export> { request, _ in
                request.page < 3 ? Export(page: request.page + 1) : nil
            }
            let (pages, error) = await Self.values(of: client.rx.pages(Export(), pagination: pagination))
            #expect(pages.count == 3)
            #expect(error == nil)
        }
    }

    extension Result {
        var failureError: Failure? {
            if case .failure(let error) = self { return error }
            return nil
        }
    }

    /// A value behind a lock, for the test's callbacks.
    final class Locked<Value>: @unchecked Sendable {
        // @unchecked Sendable: `value` is only touched while `lock` is held.
        private let lock = NSLock()
        private var value: Value

        init(_ value: Value) {
            self.value = value
        }

        func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&value)
        }
    }
#endif
