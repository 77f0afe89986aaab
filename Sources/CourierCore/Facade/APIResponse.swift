public import Foundation
public import HTTPTypes

/// A decoded value together with the response it came in: its status and header fields (such as
/// `ETag`, `Link` or a rate limit) and its body as it arrived.
///
/// ```swift
/// let page = try await client.response(for: IssuesRequest(page: 1))
/// let issues = page.value
/// let next = page.response.headerFields[HTTPField.Name("Link")!]
/// ```
public struct APIResponse<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value

    /// The response head: status and header fields, after redirects and interceptors.
    public var response: HTTPResponse

    /// The body as it arrived, before decoding.
    public var body: Data

    /// What happened during the call: the requests sent, redirects, refreshes, bytes and time.
    ///
    /// ``APIClient/response(for:)`` always fills it; `nil` when the response was made otherwise.
    public var report: CallReport?

    /// Pairs a value with its response.
    ///
    /// - Parameters:
    ///   - value: The decoded value.
    ///   - response: The response head.
    ///   - body: The body before decoding.
    ///   - report: What happened during the call, if it was recorded.
    package init(value: Value, response: HTTPResponse, body: Data, report: CallReport? = nil) {
        self.value = value
        self.response = response
        self.body = body
        self.report = report
    }

    /// The response's status.
    public var status: HTTPResponse.Status { response.status }
}
