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
///     var headers: HTTPFields { [.accept: "application/vnd.github+json"] }
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
///
/// Each property has one vocabulary: header fields are `HTTPFields`, statuses ``StatusCodes``,
/// times `Duration`. Where "none" or "the client's" is meant, the optional and the plain type are
/// both honoured: `var baseURL: URL` as APIKit and Moya write it, or `URL?`; `JSONDecoder` or
/// `JSONDecoder?`; `RequestBody` or `RequestBody?`; `Duration` or `Duration?`. A spelling from
/// elsewhere — `[String: String]` headers, a `String` base URL, `Range<Int>` statuses, a
/// `TimeInterval` timeout — fails to compile with a message saying how to write it, rather than
/// being silently ignored (Swift would take the protocol's default). The names are Courier's:
/// APIKit's `headerFields` and `queryParameters` are ``headers`` and ``query`` here.
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

    // The types below exist so that each property has one vocabulary and any other spelling is a
    // compile error (see the protocol's discussion); a request never names them.

    /// The type of ``baseURL``: `URL?` (the default), where `nil` means the client's, or `URL`.
    associatedtype BaseURLType: BaseURLConvertible = URL?

    /// The type of ``headers``: `HTTPFields` (the default) or `HTTPFields?`.
    associatedtype HeadersType: HeaderFieldsConvertible = HTTPFields

    /// The type of ``decoder``: `JSONDecoder?` (the default), where `nil` means the client's, or
    /// `JSONDecoder`.
    associatedtype DecoderType: DecoderConvertible = JSONDecoder?

    /// The type of ``acceptableStatusCodes``: ``StatusCodes``.
    associatedtype AcceptableStatusCodesType: StatusCodesConvertible = StatusCodes

    /// The type of ``body``: `RequestBody?` (the default) or `RequestBody`.
    associatedtype BodyType: RequestBodyConvertible = RequestBody?

    /// The type of ``timeout``: `Duration?` (the default), where `nil` means the client's, or
    /// `Duration`.
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
    var query: QueryParameters { get }

    /// Header fields to send; they replace the client's default headers of the same name.
    /// Defaults to none.
    ///
    /// Write them as `HTTPFields`, a dictionary literal of field names:
    /// `[.accept: "application/json", .apiKey: key]`, with
    /// `extension HTTPField.Name { static let apiKey = Self("X-API-Key")! }` for a name of your
    /// own. `HTTPFields` holds only valid names and turns a CR, LF or NUL in a value into a space,
    /// so nothing can be smuggled into the head. A `Content-Type` that contradicts the ``body``'s
    /// type is replaced by the body's.
    var headers: HeadersType { get }

    /// The body to send. Defaults to none; a `GET` or `HEAD` with a body is rejected.
    ///
    /// Write it as `RequestBody?` or `RequestBody`; both are honoured.
    var body: BodyType { get }

    /// The base URL for this request, overriding the client's. Defaults to `nil`: the client's.
    ///
    /// Write it as `URL?` or `URL`; both are honoured.
    var baseURL: BaseURLType { get }

    /// The statuses this request accepts. Defaults to ``StatusCodes/successful``, `2xx`.
    ///
    /// Write them as ``StatusCodes``: `.successful + [.notModified]`, `[200, 304]`. Any other
    /// status fails the call with ``APIError/Kind/unacceptableStatus``.
    var acceptableStatusCodes: AcceptableStatusCodesType { get }

    /// The total time allowed for the call, including redirects and reading the body.
    ///
    /// Defaults to `nil`: the client's ``APIClient/Configuration/timeout``. Write it as
    /// `Duration?` or `Duration`; both are honoured.
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
    public var query: QueryParameters { [:] }

    /// No options: every option has its default.
    public var options: RequestOptions { RequestOptions() }
}

extension APIRequest where BaseURLType == URL? {
    /// `nil`: the client's base URL.
    public var baseURL: URL? { nil }
}

extension APIRequest where HeadersType == HTTPFields {
    /// No header fields.
    public var headers: HTTPFields { [:] }
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
