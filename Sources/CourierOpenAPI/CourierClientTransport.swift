#if OpenAPI
    public import CourierCore
    public import Foundation
    public import HTTPTypes
    public import OpenAPIRuntime

    /// A swift-openapi-generator `ClientTransport` that sends every operation through a Courier
    /// `APIClient`.
    ///
    /// The generated client keeps its types; Courier adds what it does for every call, whatever
    /// carries the bytes: the client's headers and interceptors (authorization, token refresh,
    /// retries, logging), redirects followed by the client with credentials dropped for another
    /// origin, one total deadline (`APIClient.Configuration.timeout`), the body limit
    /// (`APIClient.Configuration.maximumBodySize`), and redacted errors.
    ///
    /// ```swift
    /// let tokens = RefreshingAuthorizationInterceptor.bearer(initial: saved) { stale in
    ///     try await refreshTokens(stale)
    /// }
    /// let courier = APIClient(interceptors: [RetryInterceptor(), tokens])
    /// let client = Client(
    ///     serverURL: try Servers.Server1.url(),
    ///     transport: CourierClientTransport(client: courier, streamingOperations: [Operations.ExportLines.id])
    /// )
    /// ```
    ///
    /// Response bodies are read whole, under the body limit, so that interceptors see them as on
    /// any Courier call; the bodies of the operations in ``streamingOperations`` are handed to the
    /// generated client as they stream instead, under the call's deadline, without the limit.
    /// Request bodies stream as they are sent, except small ones of known length (1 MiB at most),
    /// which are gathered into memory first.
    ///
    /// Every failure is an `APIError`, which the generated client reports as the
    /// `underlyingError` of its `ClientError`. A status the API documents is the generated
    /// output's case as usual: the transport validates no status.
    public struct CourierClientTransport: ClientTransport {
        /// The client every operation goes through.
        public var client: APIClient

        /// The operations (by `Operations.X.id`) whose response bodies stream rather than being
        /// read whole: downloads, event streams, JSON Lines.
        public var streamingOperations: Set<String>

        /// Creates a transport.
        ///
        /// - Parameters:
        ///   - client: The client every operation goes through. Its base URL is not used: the
        ///     generated client passes its server URL with every request.
        ///   - streamingOperations: The operations whose response bodies stream.
        public init(client: APIClient, streamingOperations: Set<String> = []) {
            self.client = client
            self.streamingOperations = streamingOperations
        }

        /// Sends a request through the Courier client.
        ///
        /// - Parameters:
        ///   - request: The request, with a path relative to `baseURL`.
        ///   - body: The request body, if any.
        ///   - baseURL: The server URL.
        ///   - operationID: The operation's identifier, which names the call in errors and logs.
        /// - Returns: The response head and its body.
        /// - Throws: `APIError`.
        public func send(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
        ) async throws -> (HTTPResponse, HTTPBody?) {
            let outgoing = try await OutgoingBody.converting(body, request: request)
            let (response, responseBody) = try await client.send(
                request, body: outgoing, baseURL: baseURL, name: operationID,
                streamsResponse: streamingOperations.contains(operationID))
            return (response, HTTPBody.converting(responseBody))
        }
    }
#endif
