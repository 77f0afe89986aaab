/// The response of a request whose body does not matter: a `204 No Content`, a `HEAD`, a `DELETE`.
///
/// ```swift
/// struct DeleteTodo: APIRequest {
///     typealias Response = EmptyResponse
///     let id: Int
///     var method: HTTPRequest.Method { .delete }
///     var path: String { "/todos/\(id)" }
/// }
/// ```
public struct EmptyResponse: Sendable, Hashable, Decodable {
    /// Creates an empty response.
    public init() {}

    /// Creates an empty response, ignoring whatever the decoder holds.
    ///
    /// - Parameter decoder: Ignored.
    /// - Throws: Nothing; the signature is `Decodable`'s.
    public init(from decoder: any Decoder) throws {}
}
