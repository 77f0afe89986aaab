import Courier
import CourierTesting
import Foundation
import Testing

@Suite("StatusHookInterceptor")
struct StatusHookInterceptorTests {
    enum AppError: Error, Equatable {
        case updateRequired
        case offline
    }

    static func client(_ transport: some Transport, _ hooks: [any Interceptor]) -> APIClient {
        APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport, interceptors: hooks)
    }

    @Test func mapsAStatusToTheAppsOwnError() async throws {
        let client = Self.client(
            StubTransport { _, _ in .json(#"{"min":"2.0"}"#, status: .init(code: 426)) },
            [
                StatusHookInterceptor(statuses: [426]) { _ in .fail(AppError.updateRequired) }
            ])
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(StubRequest()) })
        #expect(error.underlying as? AppError == .updateRequired)
        #expect(error.status?.code == 426)
        #expect(error.body == Data(#"{"min":"2.0"}"#.utf8))
    }

    @Test func observesWithoutChangingTheOutcome() async throws {
        let seen = Locked<[Int]>([])
        let client = Self.client(
            StubTransport { _, _ in .json("{}", status: .notFound) },
            [
                StatusHookInterceptor(statuses: [404, 410]) { event in
                    seen.withLock { $0.append(event.status?.code ?? 0) }
                    return .proceed
                }
            ])
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.kind == .unacceptableStatus)
        #expect(seen.withLock { $0 } == [404])
    }

    @Test func runsAFlowAndRetriesOnce() async throws {
        let loggedIn = Locked(false)
        let transport = StubTransport { _, _ in
            loggedIn.withLock { $0 } ? .json("{}") : .json("{}", status: .unauthorized)
        }
        let client = Self.client(
            transport,
            [
                StatusHookInterceptor(statuses: [401]) { event in
                    #expect(event.request.headerFields[.authorization] == "<redacted>")
                    loggedIn.withLock { $0 = true }  // the login flow
                    return .retry
                }
            ])
        _ = try await client.send(StubRequest(headers: [.authorization: "Bearer old"]))
        #expect(loggedIn.withLock { $0 })
    }

    @Test func handlesErrorKindsFromFurtherDown() async throws {
        let client = Self.client(
            StubTransport { _, _ in throw URLError(.notConnectedToInternet) },
            [
                StatusHookInterceptor(kinds: [.transport]) { event in
                    #expect(event.error?.kind == .transport)
                    return .fail(AppError.offline)
                }
            ])
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest()) }
        #expect(error?.kind == .transport)
        #expect(error?.underlying as? AppError == .offline)
    }

    @Test func otherOutcomesPassUntouched() async throws {
        let ran = Locked(false)
        let client = Self.client(
            StubTransport { _, _ in .json("{}") },
            [
                StatusHookInterceptor(statuses: [500]) { _ in
                    ran.withLock { $0 = true }
                    return .fail(AppError.offline)
                }
            ])
        _ = try await client.send(StubRequest())
        #expect(!ran.withLock { $0 })
    }
}
