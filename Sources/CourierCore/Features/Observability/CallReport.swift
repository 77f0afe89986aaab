public import HTTPTypes

/// What happened during one call: every request sent on the wire, the redirects followed, whether
/// a credential was refreshed, the bytes sent and received and the time taken.
///
/// Ask for it with ``APIClient/response(for:)`` (``APIResponse/report``); interceptors read the
/// call's report so far from ``InterceptorContext/report``.
///
/// ```swift
/// let response = try await client.response(for: UserRequest(id: 42))
/// if let report = response.report {
///     print("\(report.attempts.count) requests, \(report.redirects.count) redirects, \(report.duration)")
/// }
/// ```
///
/// Every URL in a report has passed through the client's ``Redaction``: no credentials, no secret
/// query values, no header fields.
public struct CallReport: Sendable {
    /// The name of the request's type, like `UserRequest`.
    public var requestName: String

    /// Every request the call sent on the wire, in order: the first one, each retry, each replay
    /// after a credential refresh and each redirect hop.
    public var attempts: [Attempt] = []

    /// The URLs redirects led to, in the order they were followed, redacted.
    public var redirects: [String] = []

    /// Whether a ``RefreshingAuthorizationInterceptor`` refreshed its credential during the call.
    public var refreshed = false

    /// The request body bytes sent, over every attempt.
    public var bytesSent: Int64 = 0

    /// The response body bytes received, over every attempt (as delivered by the transport, after
    /// any content coding was undone).
    public var bytesReceived: Int64 = 0

    /// The time from the start of the call to its end; for a call still running (an interceptor's
    /// view), the time so far.
    public var duration: Duration = .zero

    /// How the client's ``ResponseCache`` answered the call; `nil` when no cache took part
    /// (none is configured, or the call streams its body).
    public var cacheOutcome: CacheOutcome?

    /// Creates an empty report.
    ///
    /// - Parameter requestName: The name of the request's type.
    package init(requestName: String) {
        self.requestName = requestName
    }

    /// How many attempts were retries.
    public var retries: Int { attempts.reduce(0) { $0 + ($1.reason == .retry ? 1 : 0) } }
}

extension CallReport {
    /// One request sent on the wire.
    public struct Attempt: Sendable {
        /// Why the request was sent.
        public var reason: Reason

        /// The request's method.
        public var method: HTTPRequest.Method

        /// The request's URL, redacted.
        public var url: String

        /// The response's status; `nil` when no response head arrived.
        public var status: HTTPResponse.Status?

        /// What failed, when the attempt failed.
        public var errorKind: APIError.Kind?

        /// The time from sending the request to the end of its response (its body read, on the
        /// final attempt of an ordinary call).
        public var duration: Duration

        /// Creates an attempt.
        ///
        /// - Parameters:
        ///   - reason: Why the request was sent.
        ///   - method: The request's method.
        ///   - url: The request's URL, redacted.
        ///   - status: The response's status, if a response head arrived.
        ///   - errorKind: What failed, if the attempt failed.
        ///   - duration: How long the attempt took.
        package init(
            reason: Reason, method: HTTPRequest.Method, url: String, status: HTTPResponse.Status?,
            errorKind: APIError.Kind?, duration: Duration
        ) {
            self.reason = reason
            self.method = method
            self.url = url
            self.status = status
            self.errorKind = errorKind
            self.duration = duration
        }
    }
}
