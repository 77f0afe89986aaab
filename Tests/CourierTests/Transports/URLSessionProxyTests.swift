import Courier
import Foundation
import Testing

@testable import CourierCore

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// FoundationNetworking passes no proxy setting to curl: a session configured with a proxy
    /// would call the server directly, so the transport refuses every call instead.
    @Suite("URLSession: proxy settings on Linux")
    struct URLSessionProxyTests {
        /// A transport whose session names a proxy on loopback.
        static func proxiedTransport() -> URLSessionTransport {
            let configuration = URLSessionTransport.recommendedConfiguration
            configuration.connectionProxyDictionary = [
                "HTTPEnable": true, "HTTPProxy": "127.0.0.1", "HTTPPort": 3128,
                "HTTPSEnable": true, "HTTPSProxy": "127.0.0.1", "HTTPSPort": 3128,
            ]
            return URLSessionTransport(configuration: configuration)
        }

        @Test(arguments: ["http", "https"])
        func aConfiguredProxyFailsEveryCallBeforeAnythingIsSent(scheme: String) async throws {
            // Nothing listens on the port: were the call sent, it would fail as .transport.
            let closed = try ClosedPort()
            defer { withExtendedLifetime(closed) {} }
            let client = APIClient(
                baseURL: URL(string: "\(scheme)://127.0.0.1:\(closed.port)")!, transport: Self.proxiedTransport())
            let error = await #expect(throws: APIError.self) {
                try await client.send(StubRequest())
            }
            #expect(error?.kind == .invalidRequest)
            #expect(error?.message.contains("connectionProxyDictionary") == true)
            #expect(error?.message.contains("AsyncHTTPClientTransport") == true)
        }

        @Test
        func anEmptyProxyDictionaryIsNoProxy() async throws {
            let configuration = URLSessionTransport.recommendedConfiguration
            configuration.connectionProxyDictionary = [:]
            let closed = try ClosedPort()
            defer { withExtendedLifetime(closed) {} }
            let client = APIClient(
                baseURL: URL(string: "http://127.0.0.1:\(closed.port)")!,
                transport: URLSessionTransport(configuration: configuration))
            let error = await #expect(throws: APIError.self) {
                try await client.send(StubRequest())
            }
            #expect(error?.kind == .transport)  // sent, and refused by the closed port
        }
    }
#endif
