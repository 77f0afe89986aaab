import Courier
import CourierTesting
import Foundation
import Testing

/// Error descriptions say what happened in words a person can act on.
@Suite("APIError: messages")
struct ErrorMessageTests {
    struct Item: Decodable, Sendable {
        var id: Int
    }

    struct GetItem: APIRequest {
        typealias Response = Item
        var method: HTTPRequest.Method { .get }
        var path: String { "/item" }
    }

    enum AppError: Error {
        case updateRequired
    }

    @Test func emptyBodyWhereAValueWasExpectedSaysSo() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in StubTransport.Reply(status: .noContent) })
        let error = await #expect(throws: APIError.self) { try await client.send(GetItem()) }
        #expect(error?.kind == .decoding)
        #expect(error?.description.contains("empty body") == true)
        #expect(error?.description.contains("EmptyResponse") == true)
    }

    @Test func statusHookFailureNamesTheAppErrorOnce() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in StubTransport.Reply(status: .init(code: 426)) },
            interceptors: [StatusHookInterceptor(statuses: [426]) { _ in .fail(AppError.updateRequired) }]
        )
        let error = await #expect(throws: APIError.self) { try await client.send(GetItem()) }
        let description = try #require(error?.description)
        #expect(description.components(separatedBy: "updateRequired").count == 2, "\(description)")
        #expect(description.contains("AppError"))
        #expect(error?.underlying is AppError)
    }

    /// The built-in transports on this platform, by name.
    static var transports: [String] {
        #if CourierNIO
            ["URLSession", "AsyncHTTPClient"]
        #else
            ["URLSession"]
        #endif
    }

    static func transport(named name: String) -> any Transport {
        #if CourierNIO
            if name == "AsyncHTTPClient" { return AsyncHTTPClientTransport.shared }
        #endif
        return URLSessionTransport.shared
    }

    @Test(arguments: Self.transports)
    func refusedConnectionSaysRefused(transport: String) async throws {
        let closed = try ClosedPort()
        defer { withExtendedLifetime(closed) {} }
        let client = APIClient(
            baseURL: URL(string: "http://127.0.0.1:\(closed.port)")!, transport: Self.transport(named: transport))
        let error = await #expect(throws: APIError.self) { try await client.send(GetItem()) }
        let description = try #require(error?.description)
        #expect(error?.kind == .transport)
        #expect(description.lowercased().contains("refused"), "\(description)")
        #expect(!description.contains("reset"), "\(description)")
        #expect(!description.contains("error set"), "\(description)")
        #expect(!description.contains("Domain="), "\(description)")
    }
}
