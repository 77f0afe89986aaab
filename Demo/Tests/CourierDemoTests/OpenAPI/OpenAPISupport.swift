#if Demo
    import Courier
    import CourierOpenAPI
    import DemoOpenAPIClient
    import Foundation
    import HTTPTypes
    import OpenAPIRuntime

    /// A generated client whose transport is a Courier client over `kind`'s transport.
    func makeOpenAPIClient(
        _ kind: TransportKind,
        baseURL: URL,
        streaming: Set<String> = [],
        configure: (inout APIClient.Configuration) -> Void = { _ in }
    ) -> DemoOpenAPIClient.Client {
        Client(
            serverURL: baseURL,
            transport: CourierClientTransport(
                client: makeClient(kind, baseURL: baseURL, configure: configure), streamingOperations: streaming)
        )
    }

    /// The `APIError` a generated client's call failed with: its `ClientError`'s underlying error.
    func apiError(_ error: (any Error)?) -> APIError? {
        (error as? ClientError)?.underlyingError as? APIError ?? error as? APIError
    }

    /// A generated client's transport that is not Courier: a Courier `Transport` used directly,
    /// without the client's pipeline (no interceptors, redirects, deadline or limit). For tests of
    /// ``InterceptorMiddleware``; it sends no request bodies.
    struct DirectTransport: ClientTransport {
        let transport: any Transport

        func send(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
        ) async throws -> (HTTPResponse, HTTPBody?) {
            precondition(body == nil, "DirectTransport sends no request bodies")
            var absolute = request
            absolute.scheme = baseURL.scheme
            absolute.authority = baseURL.port.map { "\(baseURL.host ?? ""):\($0)" } ?? baseURL.host
            let (response, responseBody) = try await transport.send(
                absolute, body: nil, context: TransportContext(deadline: .now.advanced(by: .seconds(30))))
            var data = Data()
            for try await chunk in responseBody { data.append(chunk) }
            return (response, HTTPBody(data))
        }
    }

    /// `count` chunks of 64 KiB, the `k`th filled with `k % 251`: a large request body made as it is
    /// sent, never held whole.
    struct GeneratedChunks: AsyncSequence, Sendable {
        typealias Element = ArraySlice<UInt8>
        static let chunkSize = 64 * 1024

        let count: Int

        static func chunk(_ index: Int) -> ArraySlice<UInt8> {
            ArraySlice(repeating: UInt8(index % 251), count: chunkSize)
        }

        func makeAsyncIterator() -> Iterator { Iterator(count: count) }

        struct Iterator: AsyncIteratorProtocol {
            let count: Int
            var index = 0

            mutating func next() async -> ArraySlice<UInt8>? {
                guard index < count else { return nil }
                defer { index += 1 }
                return GeneratedChunks.chunk(index)
            }
        }
    }
#endif
