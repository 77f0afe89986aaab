#if Demo
    import Courier
    import Foundation

    /// The clients one transport's soak calls through, all over the same transport (so over the same
    /// connection pool): the transport is what the soak measures.
    struct SoakClients: Sendable {
        /// How long the demo server's tokens live, in seconds: short, so that the soak refreshes often,
        /// both before a request (the credential says it expired) and after a `401` (it expired on the
        /// way).
        static let tokenLifetime = 2.0

        /// The body limit: the capped scenario asks for four times as much.
        static let maximumBodySize = 64 * 1024

        /// No interceptors: a call runs in the caller's task, the transport's timer ends it.
        let plain: APIClient
        /// A `RetryInterceptor`: a call runs in a task of its own, which the deadline cancels.
        let retrying: APIClient
        /// A `RefreshingAuthorizationInterceptor` over the demo's `/login` and `/refresh`.
        let authorized: APIClient

        init(transport: any Transport, baseURL: URL) {
            let configure: (inout APIClient.Configuration) -> Void = {
                $0.maximumBodySize = Self.maximumBodySize
                $0.timeout = .seconds(10)
            }
            plain = APIClient(baseURL: baseURL, transport: transport, configure: configure)
            // Short back-offs, and no budget: every flaky call must get its retries, or it would end
            // as a 503 at random.
            let retry = RetryInterceptor(
                policy: RetryPolicy(maximumRetries: 2, initialBackoff: .milliseconds(20)),
                budget: nil
            )
            retrying = APIClient(baseURL: baseURL, transport: transport, interceptors: [retry], configure: configure)
            let tokens = plain
            // Far more refreshes than the standard three per 30 s: tokens die every two seconds here.
            let auth = RefreshingAuthorizationInterceptor.bearer(
                initial: nil,
                limit: .init(maximumRefreshes: 50, window: .seconds(10))
            ) { stale in
                try await Self.refresh(stale, through: tokens)
            }
            authorized = APIClient(baseURL: baseURL, transport: transport, interceptors: [auth], configure: configure)
        }

        /// A new credential: refreshed with the stale one's refresh token, or from a new login when
        /// there is none or the server no longer knows it.
        static func refresh(_ stale: BearerCredential?, through client: APIClient) async throws -> BearerCredential {
            let issued: TokenRequest.Token
            if let refreshToken = stale?.refreshToken, let token = try await exchange(refreshToken, through: client) {
                issued = token
            } else {
                issued = try await client.send(TokenRequest.login(lifetime: tokenLifetime))
            }
            // No margin: a request may leave with a token that dies on the way, and come back a 401.
            return BearerCredential(
                accessToken: issued.accessToken,
                refreshToken: issued.refreshToken,
                expiresAt: Date().addingTimeInterval(tokenLifetime),
                refreshMargin: .zero
            )
        }

        /// A new token for `refreshToken`; `nil` when the server no longer knows it.
        private static func exchange(_ refreshToken: String, through client: APIClient) async throws(APIError)
            -> TokenRequest.Token?
        {
            do {
                return try await client.send(TokenRequest.refresh(refreshToken, lifetime: tokenLifetime))
            } catch {
                guard error.status == .unauthorized else { throw error }
                return nil
            }
        }
    }
#endif
