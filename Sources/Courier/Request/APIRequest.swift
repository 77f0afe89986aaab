public import Foundation
public import HTTPTypes

/// An endpoint described as a type: what to send and what comes back.
///
/// A request names its ``Response`` type and its ``path``; everything else has a default. Put
/// what a whole API host shares — base URL, headers, decoder — in a protocol of your own that
/// refines `APIRequest`, so each endpoint stays two lines:
///
/// ```swift
/// protocol GitHubRequest: APIRequest {}
///
/// extension GitHubRequest {
///     var baseURL: URL { URL(string: "https://api.github.com")! }
///     var headers: [String: String] { ["Accept": "application/vnd.github+json"] }
///     var decoder: JSONDecoder { .snakeCaseISO8601 }
/// }
///
/// struct RepositoriesRequest: GitHubRequest {
///     typealias Response = [Repository]
///     var method: HTTPRequest.Method { .get }
///     var path: String { "/users/octocat/repos" }
/// }
/// ```
///
/// Every request states its ``method``: there is no default, so a `var method: HTTPMethod` of
/// another library's (or the app's own) method type fails to compile instead of being ignored.
/// ``baseURL``, ``decoder`` and ``headers`` accept the spellings other libraries use — `URL`,
/// `URL?` or `String`; `JSONDecoder` or `JSONDecoder?`; `[String: String]`, `[String: String]?`
/// or `HTTPFields` — and honour each of them. The names are Courier's: APIKit's `headerFields`
/// and `queryParameters` are ``headers`` and ``query`` here.
///
/// `Response` can be any `Decodable` (decoded from JSON), `Data` (the raw body), `String` (the
/// body as UTF-8) or ``EmptyResponse`` (the body is ignored, for 204 or HEAD). For anything else,
/// implement ``decode(_:from:decoder:)``.
///
/// The name is `APIRequest`, not `Request`, so that it does not clash with the `Request` type
/// exported by Hummingbird and Vapor in server code that imports both.
public protocol APIRequest<Response>: Sendable {
    /// The value a successful call returns.
    associatedtype Response: Sendable

    /// The type of ``baseURL``: `URL`, `String`, or `URL?` (the default) where `nil` means the
    /// client's.
    associatedtype BaseURLType: BaseURLConvertible = URL?

    /// The type of ``headers``: `[String: String]` (the default), `[String: String]?` or
    /// `HTTPFields`.
    associatedtype HeadersType: HeaderFieldsConvertible = [String: String]

    /// The type of ``decoder``: `JSONDecoder`, or `JSONDecoder?` (the default) where `nil` means
    /// the client's.
    associatedtype DecoderType: DecoderConvertible = JSONDecoder?

    /// The type of ``acceptableStatusCodes``: ``StatusCodes`` (the default), `Range<Int>`,
    /// `ClosedRange<Int>`, `Set<Int>` or `[Int]`.
    associatedtype AcceptableStatusCodesType: StatusCodesConvertible = StatusCodes

    /// The type of ``body``: `RequestBody?` (the default) or `RequestBody`.
    associatedtype BodyType: RequestBodyConvertible = RequestBody?

    /// The type of ``timeout``: `Duration?` (the default), `Duration` or `TimeInterval`.
    associatedtype TimeoutType: TimeoutConvertible = Duration?

    /// The HTTP method, like `.get` or `.post`. Every request states it; there is no default.
    var method: HTTPRequest.Method { get }

    /// The path, relative to the base URL's own path, like `/users/42`.
    ///
    /// It can never leave the base URL's origin: an absolute URL, a `//host` prefix or a `..`
    /// segment is rejected with ``APIError/Kind/invalidRequest``, and so is a `?` or `#`: query
    /// parameters belong in ``query``, where they are encoded and their secrets redacted.
    /// Characters that may not appear in a path, such as spaces, are percent-encoded; existing
    /// `%XX` escapes are kept.
    var path: String { get }

    /// The query parameters. Defaults to none.
    var query: Query { get }

    /// Header fields to send; they replace the client's default headers of the same name.
    /// Defaults to none.
    ///
    /// Write them as `[String: String]`, `[String: String]?` or `HTTPFields`. Names and values
    /// are checked before anything is sent: a CR, LF or NUL in a value fails the call with
    /// ``APIError/Kind/invalidRequest``. A `Content-Type` that contradicts the ``body``'s type is
    /// replaced by the body's.
    var headers: HeadersType { get }

    /// The body to send. Defaults to none; a `GET` or `HEAD` with a body is rejected.
    ///
    /// Write it as `RequestBody?` or `RequestBody`; both are honoured.
    var body: BodyType { get }

    /// The base URL for this request, overriding the client's. Defaults to `nil`: the client's.
    ///
    /// Write it as `URL`, `URL?` or `String`; each is honoured.
    var baseURL: BaseURLType { get }

    /// The status codes this request accepts. Defaults to ``StatusCodes/successful``,
    /// `200..<300`.
    ///
    /// Write them as ``StatusCodes`` (`.successful + [304]`), `Range<Int>`, `ClosedRange<Int>`,
    /// `Set<Int>` or `[Int]`. Any other status fails the call with
    /// ``APIError/Kind/unacceptableStatus``.
    var acceptableStatusCodes: AcceptableStatusCodesType { get }

    /// The total time allowed for the call, including redirects and reading the body.
    ///
    /// Defaults to `nil`: the client's ``APIClient/Configuration/timeout``. Write it as
    /// `Duration?`, `Duration` or `TimeInterval` (seconds); each is honoured.
    var timeout: TimeoutType { get }

    /// The decoder for this request's response. Defaults to `nil`: the client's decoder.
    ///
    /// Write it as `JSONDecoder` or as `JSONDecoder?`; both are honoured.
    var decoder: DecoderType { get }

    /// Settings for the client's interceptors, such as skipping authorization. Defaults to none.
    var options: RequestOptions { get }

    /// Turns the response body into a ``Response``.
    ///
    /// Default implementations decode JSON for `Decodable` responses and return the body as is
    /// for `Data`, `String` and ``EmptyResponse``.
    ///
    /// - Parameters:
    ///   - body: The response body.
    ///   - response: The response head, for requests whose decoding depends on a header.
    ///   - decoder: This request's decoder, or the client's.
    /// - Returns: The decoded response.
    /// - Throws: Any error; it is reported as ``APIError/Kind/decoding``.
    func decode(_ body: Data, from response: HTTPResponse, decoder: JSONDecoder) throws -> Response
}

extension APIRequest {
    /// No query parameters.
    public var query: Query { [:] }

    /// No options: every option has its default.
    public var options: RequestOptions { RequestOptions() }
}

extension APIRequest where BaseURLType == URL? {
    /// `nil`: the client's base URL.
    public var baseURL: URL? { nil }
}

extension APIRequest where HeadersType == [String: String] {
    /// No header fields.
    public var headers: [String: String] { [:] }
}

extension APIRequest where DecoderType == JSONDecoder? {
    /// `nil`: the client's decoder.
    public var decoder: JSONDecoder? { nil }
}

extension APIRequest where AcceptableStatusCodesType == StatusCodes {
    /// ``StatusCodes/successful``: `200..<300`.
    public var acceptableStatusCodes: StatusCodes { .successful }
}

extension APIRequest where BodyType == RequestBody? {
    /// No body.
    public var body: RequestBody? { nil }
}

extension APIRequest where TimeoutType == Duration? {
    /// `nil`: the client's timeout.
    public var timeout: Duration? { nil }
}
