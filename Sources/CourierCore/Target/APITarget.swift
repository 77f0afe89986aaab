public import Foundation
public import HTTPTypes

/// An API described as one enum, Moya-style: each case is an endpoint.
///
/// ```swift
/// enum GitHub: APITarget {
///     case zen
///     case user(String)
///     case createIssue(repo: String, title: String)
///
///     var baseURL: URL { URL(string: "https://api.github.com")! }
///     var path: String {
///         switch self {
///         case .zen: "/zen"
///         case .user(let name): "/users/\(name)"
///         case .createIssue(let repo, _): "/repos/\(repo)/issues"
///         }
///     }
///     var method: HTTPRequest.Method {
///         if case .createIssue = self { .post } else { .get }
///     }
///     var task: TargetTask {
///         switch self {
///         case .createIssue(_, let title): .json(["title": title])
///         default: .plain
///         }
///     }
/// }
///
/// let user = try await client.send(GitHub.user("octocat"), as: User.self)
/// ```
///
/// A target is turned into an ``APIRequest`` (a ``TypedTarget``), so it goes through the same
/// pipeline — interceptors, redirects, deadline, status validation — as any request. To let call
/// sites drop `as:`, give a case its response type with ``expecting(_:)``:
///
/// ```swift
/// extension GitHub {
///     static func profile(_ name: String) -> TypedTarget<GitHub, User> { GitHub.user(name).expecting(User.self) }
/// }
/// let user = try await client.send(GitHub.profile("octocat"))
/// ```
public protocol APITarget: Sendable {
    // As on ``APIRequest``, these types exist so that each property has one vocabulary and any
    // other spelling (Moya's `[String: String]?` headers among them) is a compile error with a
    // message, rather than silently ignored; a target never names them.

    /// The type of ``headers``: `HTTPFields` (the default) or `HTTPFields?`.
    associatedtype HeadersType: HeaderFieldsConvertible = HTTPFields

    /// The type of ``decoder``: `JSONDecoder?` (the default), where `nil` means the client's, or
    /// `JSONDecoder`.
    associatedtype DecoderType: DecoderConvertible = JSONDecoder?

    /// The type of ``acceptableStatusCodes``: ``StatusCodes``.
    associatedtype AcceptableStatusCodesType: StatusCodesConvertible = StatusCodes

    /// The type of ``timeout``: `Duration?` (the default), where `nil` means the client's, or
    /// `Duration`.
    associatedtype TimeoutType: TimeoutConvertible = Duration?

    /// The base URL; the path is relative to its path.
    var baseURL: URL { get }

    /// The path, relative to the base URL's path.
    var path: String { get }

    /// The HTTP method. Every target states it; there is no default, so a method of another
    /// library's type fails to compile instead of being ignored.
    var method: HTTPRequest.Method { get }

    /// What to send: ``TargetTask/plain`` (nothing), parameters, a body. Every target states it;
    /// there is no default, so a `task` of another library's type (or the app's own `Task` enum)
    /// fails to compile instead of sending only the path.
    var task: TargetTask { get }

    /// Header fields to send. Defaults to none.
    ///
    /// Write them as `HTTPFields` (or `HTTPFields?`): `[.accept: "application/json"]`. Moya's
    /// `[String: String]?` does not compile, with a message saying how to write it.
    var headers: HeadersType { get }

    /// The statuses that count as success. Defaults to ``StatusCodes/successful``, `2xx`.
    ///
    /// Write them as ``StatusCodes``: `.successful + [.notModified]`.
    var acceptableStatusCodes: AcceptableStatusCodesType { get }

    /// The total time allowed for the call. Defaults to `nil`: the client's.
    ///
    /// Write it as `Duration?` or `Duration`; both are honoured.
    var timeout: TimeoutType { get }

    /// The decoder for the response. Defaults to `nil`: the client's.
    ///
    /// Write it as `JSONDecoder` or as `JSONDecoder?`; both are honoured.
    var decoder: DecoderType { get }

    /// Settings for the client's interceptors, such as
    /// ``RequestOptions/skipsAuthorization`` for a login case. Defaults to none.
    var options: RequestOptions { get }

    /// A canned response body, for stubs and previews. Defaults to empty.
    var sampleData: Data { get }
}

extension APITarget {
    /// No options: every option has its default.
    public var options: RequestOptions { RequestOptions() }

    /// Empty.
    public var sampleData: Data { Data() }

    /// This target as a request whose response is a `Response`.
    ///
    /// - Parameter type: The response type: any `Decodable`, or `Data`, `String` or
    ///   ``EmptyResponse``.
    /// - Returns: A request for this target.
    public func expecting<Response: Decodable & Sendable>(_ type: Response.Type) -> TypedTarget<Self, Response> {
        TypedTarget(self)
    }
}

extension APITarget where HeadersType == HTTPFields {
    /// No header fields.
    public var headers: HTTPFields { [:] }
}

extension APITarget where DecoderType == JSONDecoder? {
    /// `nil`: the client's decoder.
    public var decoder: JSONDecoder? { nil }
}

extension APITarget where AcceptableStatusCodesType == StatusCodes {
    /// ``StatusCodes/successful``: `2xx`.
    public var acceptableStatusCodes: StatusCodes { .successful }
}

extension APITarget where TimeoutType == Duration? {
    /// `nil`: the client's timeout.
    public var timeout: Duration? { nil }
}
