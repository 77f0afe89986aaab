#if Demo
    import Courier
    import Foundation
    import Testing

    /// Responses a well-behaved server never sends, from a raw server on loopback.
    @Suite("Wire: malformed responses")
    struct WireFaultTests {
        struct Get: APIRequest {
            typealias Response = Data
            var method: HTTPRequest.Method { .get }
            var path: String { "/x" }
        }

        /// Two `Content-Length` fields that disagree: which one frames the body is the kind of
        /// ambiguity request smuggling lives on, so the response is refused.
        @Test(arguments: TransportKind.available)
        func conflictingContentLengthsAreRefused(_ kind: TransportKind) async throws {
            let server = try FaultServer(
                response:
                    "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 7\r\nConnection: close\r\n\r\nhello!!")
            defer { server.stop() }
            let client = makeClient(kind, baseURL: server.baseURL) { $0.timeout = .seconds(10) }
            let error = await #expect(throws: APIError.self) { try await client.send(Get()) }
            #expect(error?.kind == .transport)
        }

        /// The same length twice is refused too, on both transports alike: RFC 9110 (section 8.6)
        /// lets a recipient refuse it, and AsyncHTTPClient does.
        @Test(arguments: TransportKind.available)
        func aRepeatedEqualContentLengthIsRefusedToo(_ kind: TransportKind) async throws {
            let server = try FaultServer(
                response: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
            defer { server.stop() }
            let client = makeClient(kind, baseURL: server.baseURL) { $0.timeout = .seconds(10) }
            let error = await #expect(throws: APIError.self) { try await client.send(Get()) }
            #expect(error?.kind == .transport)
        }

        /// A well-formed response from the same server gets through: the refusals above are about
        /// the duplicate field.
        @Test(arguments: TransportKind.available)
        func aSingleContentLengthIsAccepted(_ kind: TransportKind) async throws {
            let server = try FaultServer(
                response: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
            defer { server.stop() }
            let client = makeClient(kind, baseURL: server.baseURL) { $0.timeout = .seconds(10) }
            #expect(try await client.send(Get()) == Data("hello".utf8))
        }
    }
#endif
