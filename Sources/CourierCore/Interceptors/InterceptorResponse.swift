public import Foundation
public import HTTPTypes

/// A response as an interceptor sees it: the head and the body, and beside them how the response
/// came — the redirects the client followed and how its cache answered.
///
/// ```swift
/// let response = try await next(request, body)
/// if response.status == .unauthorized, !response.cameFromAnotherOrigin { … }
/// return response
/// ```
///
/// An interceptor that answers by itself makes one: `InterceptorResponse(HTTPResponse(status: .ok),
/// body: ResponseBody(data))`.
public struct InterceptorResponse: Sendable {
    /// The response head: status and header fields.
    public var head: HTTPResponse

    /// The body: in memory on ordinary calls (``ResponseBody/bufferedData``), streaming for
    /// downloads and streams.
    public var body: ResponseBody

    /// The redirects the client followed to get this response, in order; empty when there were
    /// none.
    public var redirects: [RedirectHop]

    /// How the client's ``ResponseCache`` answered, when it has one and the call is one it handles;
    /// `nil` otherwise.
    public var cacheOutcome: CacheOutcome?

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - head: The response head.
    ///   - body: The body; empty by default.
    ///   - redirects: The redirects followed to get it.
    ///   - cacheOutcome: How a cache answered, if one did.
    public init(
        _ head: HTTPResponse, body: ResponseBody = ResponseBody(Data()), redirects: [RedirectHop] = [],
        cacheOutcome: CacheOutcome? = nil
    ) {
        self.head = head
        self.body = body
        self.redirects = redirects
        self.cacheOutcome = cacheOutcome
    }

    /// The response's status.
    public var status: HTTPResponse.Status { head.status }

    /// Whether a redirect on the way to this response crossed to another origin (scheme, host or
    /// port): then a `401` is the other origin's, not a verdict on the caller's credential.
    public var cameFromAnotherOrigin: Bool { redirects.contains { $0.crossesOrigin } }
}
