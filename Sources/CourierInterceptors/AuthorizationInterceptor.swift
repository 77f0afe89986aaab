public import CourierCore
import Foundation
public import HTTPTypes

/// Adds credentials to every request: a bearer token, Basic credentials, or an API key in a
/// header or in the query.
///
/// The credential comes from an async provider, so it can be read from the keychain or a
/// session store on every call — and faked in one line in tests:
///
/// ```swift
/// let client = APIClient(baseURL: url, interceptors: [AuthorizationInterceptor.bearer { "test-token" }])
/// ```
///
/// A request that sets the same header (or query parameter) itself keeps its own value, and a
/// request whose options set ``RequestOptions/skipsAuthorization`` (a login call) is sent as it
/// is. A provider that returns `nil` (or an empty string) means "no credential yet": the request
/// is sent without one, never with an empty `Authorization` header. A provider that throws fails
/// the call with ``APIError/Kind/authentication``.
///
/// ```swift
/// AuthorizationInterceptor.bearer { await session.accessToken }   // String?: nil before login
/// ```
///
/// The credential goes only to the origins of its ``CredentialScope``: the client's base URL's
/// origin unless you name others. A request for another origin (one whose own
/// ``APIRequest/baseURL`` names another host) leaves without it:
///
/// ```swift
/// AuthorizationInterceptor.bearer(scope: .origins(apiURL, uploadsURL)) { await session.accessToken }
/// ```
///
/// For tokens that expire and must be refreshed, use ``RefreshingAuthorizationInterceptor``.
public struct AuthorizationInterceptor: Interceptor {
    private let scope: CredentialScope
    private let apply: @Sendable (inout HTTPRequest) async throws -> Void

    private init(scope: CredentialScope, apply: @escaping @Sendable (inout HTTPRequest) async throws -> Void) {
        self.scope = scope
        self.apply = apply
    }

    /// Sends `Authorization: Bearer <token>`.
    ///
    /// - Parameters:
    ///   - scope: The origins the token goes to; the client's base URL's by default.
    ///   - token: Returns the current token, or `nil` (or an empty string) to send none.
    /// - Returns: The interceptor.
    public static func bearer(
        scope: CredentialScope = .clientOrigin, _ token: @escaping @Sendable () async throws -> String?
    ) -> AuthorizationInterceptor {
        header(.authorization, scope: scope) { try await token().nonEmpty.map { "Bearer \($0)" } }
    }

    /// Sends `Authorization: Basic <base64(username:password)>`.
    ///
    /// - Parameters:
    ///   - scope: The origins the credentials go to; the client's base URL's by default.
    ///   - credentials: Returns the current user name and password, or `nil` to send none.
    /// - Returns: The interceptor.
    public static func basic(
        scope: CredentialScope = .clientOrigin,
        _ credentials: @escaping @Sendable () async throws -> (username: String, password: String)?
    ) -> AuthorizationInterceptor {
        header(.authorization, scope: scope) {
            guard let (username, password) = try await credentials() else { return nil }
            return "Basic " + "\(username):\(password)".utf8Data.base64EncodedString()
        }
    }

    /// Sends an API key in a header field, like `X-Api-Key`.
    ///
    /// Add the field to ``APIClient/Configuration/redaction`` so that it never shows in logs.
    ///
    /// - Parameters:
    ///   - name: The header field.
    ///   - scope: The origins the key goes to; the client's base URL's by default.
    ///   - key: Returns the current key, or `nil` (or an empty string) to send none.
    /// - Returns: The interceptor.
    public static func apiKey(
        header name: HTTPField.Name, scope: CredentialScope = .clientOrigin,
        _ key: @escaping @Sendable () async throws -> String?
    ) -> AuthorizationInterceptor {
        header(name, scope: scope, key)
    }

    /// Sends an API key as a query parameter, like `?api_key=…`.
    ///
    /// The usual names are hidden in logs and errors by ``Redaction/standard``; add yours to
    /// ``APIClient/Configuration/redaction`` if it is not among them.
    ///
    /// - Parameters:
    ///   - name: The query parameter.
    ///   - scope: The origins the key goes to; the client's base URL's by default.
    ///   - key: Returns the current key, or `nil` (or an empty string) to send none.
    /// - Returns: The interceptor.
    public static func apiKey(
        query name: String, scope: CredentialScope = .clientOrigin,
        _ key: @escaping @Sendable () async throws -> String?
    ) -> AuthorizationInterceptor {
        AuthorizationInterceptor(scope: scope) { request in
            let path = request.path ?? "/"
            let encodedName = PercentEncoding.encodeComponent(name)
            let query = path.pieces(separatedBy: "?", maxSplits: 1).dropFirst().first ?? ""
            guard
                !query.pieces(separatedBy: "&").contains(where: {
                    $0.pieces(separatedBy: "=").first == Substring(encodedName)
                })
            else { return }
            guard let key = try await key().nonEmpty else { return }
            let pair = encodedName + "=" + PercentEncoding.encodeComponent(key)
            request.path = path + (path.contains("?") ? "&" : "?") + pair
        }
    }

    /// Sends any header field, unless the request sets it.
    ///
    /// - Parameters:
    ///   - name: The header field.
    ///   - scope: The origins the value goes to; the client's base URL's by default.
    ///   - value: Returns its current value, or `nil` (or an empty string) to send none.
    /// - Returns: The interceptor.
    public static func header(
        _ name: HTTPField.Name, scope: CredentialScope = .clientOrigin,
        _ value: @escaping @Sendable () async throws -> String?
    ) -> AuthorizationInterceptor {
        AuthorizationInterceptor(scope: scope) { request in
            guard request.headerFields[name] == nil else { return }
            guard let value = try await value().nonEmpty else { return }
            guard HTTPField.isValidValue(value) else {
                throw APIError(
                    .invalidRequest,
                    "The credential for '\(name)' contains a character that is not allowed (such as CR, LF or NUL).",
                    request: request
                )
            }
            request.headerFields.set(value, for: name)
        }
    }

    /// Adds the credential, unless the request opted out or is for an origin outside the scope,
    /// and passes the request on.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request body.
    ///   - context: The call's context.
    ///   - next: The rest of the pipeline.
    /// - Returns: The response.
    /// - Throws: ``APIError/Kind/authentication`` when the provider fails, or when the scope is
    ///   the client's origin and the client has no base URL.
    public func intercept(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        context: InterceptorContext,
        next: Next
    ) async throws -> InterceptorResponse {
        guard !context.options.skipsAuthorization,
            try scope.includes(request, context: context, interceptor: "AuthorizationInterceptor")
        else { return try await next(request, body) }
        var request = request
        do {
            try await apply(&request)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(
                .authentication, "The credential could not be obtained.", request: request, underlying: error)
        }
        return try await next(request, body)
    }
}

extension RequestOptions {
    private enum SkipsAuthorizationKey: RequestOptionKey {
        static let defaultValue = false
    }

    /// Whether ``AuthorizationInterceptor`` and ``RefreshingAuthorizationInterceptor`` leave this request alone, as a
    /// login or token call needs. Defaults to `false`.
    public var skipsAuthorization: Bool {
        get { self[SkipsAuthorizationKey.self] }
        set { self[SkipsAuthorizationKey.self] = newValue }
    }
}

extension Optional where Wrapped == String {
    /// The string, or `nil` when it is empty: an empty credential is no credential.
    fileprivate var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
