public import CourierCore
public import Foundation
public import HTTPTypes

/// Handles chosen statuses or error kinds in one place for every call: observe them, turn them
/// into your app's own error, or run a flow and try again.
///
/// An app that forces an update on one status and sends the user to log in on another would,
/// without a hook, repeat that at every call site:
///
/// ```swift
/// let hooks: [any Interceptor] = [
///     StatusHookInterceptor(statuses: [426]) { _ in .fail(AppError.updateRequired) },
///     StatusHookInterceptor(statuses: [401]) { _ in
///         await session.presentLogin()  // a flow; the call is then tried once more
///         return .retry
///     },
///     StatusHookInterceptor(kinds: [.transport]) { _ in
///         await banner.showOffline()
///         return .proceed
///     },
/// ]
/// ```
///
/// A hook sees statuses as responses (before the request's own status check) and errors thrown
/// further down the pipeline (transport failures, timeouts). An app error passed to
/// ``Action/fail(_:)`` arrives at the call site as ``APIError/underlying``.
public struct StatusHookInterceptor: Interceptor {
    /// What the hook saw.
    public struct Event: Sendable {
        /// The request, with credentials redacted.
        public let request: HTTPRequest
        /// The response, when the server answered.
        public let response: HTTPResponse?
        /// The response body, when the server answered.
        public let body: Data?
        /// The error, when the pipeline failed.
        public let error: APIError?
        /// The name of the request's type.
        public let requestName: String

        /// The response status, when the server answered.
        public var status: HTTPResponse.Status? { response?.status }
    }

    /// What to do after the hook ran.
    public struct Action: Sendable {
        fileprivate enum Base: Sendable {
            case proceed
            case retry
            case fail(any Error)
        }

        fileprivate let base: Base

        /// Carry on as if the hook had not run.
        public static var proceed: Action { Action(base: .proceed) }

        /// Send the request once more (after a flow such as a new login).
        public static var retry: Action { Action(base: .retry) }

        /// Fail the call with `error`: an ``APIError`` as it is, any other error as the
        /// ``APIError/underlying`` error of one.
        ///
        /// - Parameter error: The error to fail with.
        /// - Returns: The action.
        public static func fail(_ error: any Error) -> Action { Action(base: .fail(error)) }
    }

    private let matches: @Sendable (Event) -> Bool
    private let handler: @Sendable (Event) async -> Action

    /// A hook for responses with one of `statuses`.
    ///
    /// - Parameters:
    ///   - statuses: The statuses to handle, such as `[426]` or `.serverError`.
    ///   - handler: Runs for each such response.
    public init(statuses: StatusCodes, _ handler: @escaping @Sendable (Event) async -> Action) {
        self.matches = { event in event.status.map { statuses.contains($0) } ?? false }
        self.handler = handler
    }

    /// A hook for failures of one of `kinds`.
    ///
    /// - Parameters:
    ///   - kinds: The error kinds to handle.
    ///   - handler: Runs for each such failure.
    public init(kinds: some Sequence<APIError.Kind>, _ handler: @escaping @Sendable (Event) async -> Action) {
        let kinds = Set(kinds)
        self.matches = { event in event.error.map { kinds.contains($0.kind) } ?? false }
        self.handler = handler
    }

    /// Runs the hook when the outcome matches, then acts on its answer.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request body.
    ///   - context: The call's context.
    ///   - next: The rest of the pipeline.
    /// - Returns: The response, from the retry when there was one.
    /// - Throws: The error the hook chose, or the pipeline's.
    public func intercept(
        _ request: HTTPRequest,
        body: OutgoingBody?,
        context: InterceptorContext,
        next: Next
    ) async throws -> InterceptorResponse {
        let outcome: Result<InterceptorResponse, any Error>
        do {
            outcome = .success(try await next(request, body))
        } catch {
            outcome = .failure(error)
        }
        let event: Event
        switch outcome {
        case .success(let received):
            event = Event(
                request: context.redaction.redact(request),
                response: received.head,
                body: received.body.bufferedData,
                error: nil,
                requestName: context.requestName
            )
        case .failure(let error as APIError):
            event = Event(
                request: context.redaction.redact(request),
                response: error.response,
                body: error.body,
                error: error.redacted(with: context.redaction),
                requestName: context.requestName
            )
        case .failure(let error):
            throw error
        }
        guard matches(event) else { return try outcome.get() }
        let handler = self.handler
        switch await handler(event).base {
        case .proceed:
            return try outcome.get()
        case .retry:
            return try await next(request, body)
        case .fail(let error as APIError):
            throw error
        case .fail(let error):
            throw APIError(
                event.error?.kind ?? .unacceptableStatus,
                "A status hook failed the call with \(String(reflecting: type(of: error))):",
                request: request,
                response: event.response,
                body: event.body,
                underlying: error
            )
        }
    }
}
