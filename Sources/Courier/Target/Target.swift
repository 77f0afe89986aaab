public import Foundation
public import HTTPTypes

/// An API described as one enum, Moya-style: each case is an endpoint.
///
/// ```swift
/// enum GitHub: Target {
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
public protocol Target: Sendable {
    /// The base URL; the path is relative to its path.
    var baseURL: URL { get }

    /// The path, relative to the base URL's path.
    var path: String { get }

    /// The HTTP method. Defaults to `GET`.
    var method: HTTPRequest.Method { get }

    /// What to send: nothing, parameters, a body. Defaults to ``TargetTask/plain``.
    var task: TargetTask { get }

    /// Header fields to send. Defaults to none.
    var headers: [String: String] { get }

    /// The statuses that count as success. Defaults to `200..<300`.
    var acceptableStatusCodes: Range<Int> { get }

    /// A canned response body, for stubs and previews. Defaults to empty.
    var sampleData: Data { get }
}

extension Target {
    /// `GET`.
    public var method: HTTPRequest.Method { .get }

    /// ``TargetTask/plain``.
    public var task: TargetTask { .plain }

    /// No header fields.
    public var headers: [String: String] { [:] }

    /// `200..<300`.
    public var acceptableStatusCodes: Range<Int> { 200..<300 }

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
