/// A response that wraps its payload in a `data` member, like `{"data": [...]}`.
///
/// ```swift
/// struct UsersRequest: APIRequest {
///     typealias Response = DataEnvelope<[User]>
///     var method: HTTPRequest.Method { .get }
///     var path: String { "/users" }
/// }
///
/// let users = try await client.send(UsersRequest()).data
/// ```
public struct DataEnvelope<Payload: Decodable & Sendable>: Decodable, Sendable {
    /// The value of the `data` member.
    public var data: Payload

    /// Wraps a payload.
    ///
    /// - Parameter data: The payload.
    public init(data: Payload) {
        self.data = data
    }
}

extension DataEnvelope: Equatable where Payload: Equatable {}
