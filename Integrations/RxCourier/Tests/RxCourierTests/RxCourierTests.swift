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
            .subscribe(onSuccess: { _ in events.withLock { $0 += 1 } }, onFailure: { _ in events.withLock { $0 += 1 } })
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
