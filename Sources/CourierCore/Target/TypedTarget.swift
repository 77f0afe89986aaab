public import Foundation
public import HTTPTypes

/// An ``APITarget`` paired with the type of its response: an ``APIRequest`` any client can send.
///
/// Made by ``APITarget/expecting(_:)``, or by ``APIClient/send(_:as:)``.
public struct TypedTarget<Base: APITarget, Response: Decodable & Sendable>: APIRequest {
    /// The target.
    public let target: Base

    /// Pairs a target with a response type.
    ///
    /// - Parameter target: The target.
    public init(_ target: Base) {
        self.target = target
    }

    /// The target's method.
    public var method: HTTPRequest.Method { target.method }

    /// The target's path.
    public var path: String { target.path }

    /// The target's base URL.
    public var baseURL: URL { target.baseURL }

    /// The target's query parameters.
    public var query: QueryParameters { target.task.query }

    /// The target's header fields.
    public var headers: Base.HeadersType { target.headers }

    /// The target's time limit.
    public var timeout: Base.TimeoutType { target.timeout }

    /// The target's decoder.
    public var decoder: Base.DecoderType { target.decoder }

    /// The target's options.
    public var options: RequestOptions { target.options }

    /// The target's body.
    public var body: RequestBody? { target.task.body }

    /// The target's acceptable statuses.
    public var acceptableStatusCodes: Base.AcceptableStatusCodesType { target.acceptableStatusCodes }

    /// Decodes JSON, or passes `Data`, `String` and ``EmptyResponse`` through as
    /// ``APIRequest`` does for them.
    ///
    /// - Parameters:
    ///   - body: The response body.
    ///   - response: The response head.
    ///   - decoder: The decoder.
    /// - Returns: The response.
    /// - Throws: The decoder's error, or `DecodingError.dataCorrupted` for text that is not UTF-8.
    public func decode(_ body: Data, from response: HTTPResponse, decoder: JSONDecoder) throws -> Response {
        switch Response.self {
        case is Data.Type:
            return body as! Response
        case is EmptyResponse.Type:
            return EmptyResponse() as! Response
        case is String.Type:
            return try Self.text(of: body) as! Response
        default:
            return try decoder.decode(Response.self, from: body)
        }
    }
}

extension APIClient {
    /// Sends a target and decodes its response as `type`.
    ///
    /// - Parameters:
    ///   - target: The endpoint to call.
    ///   - type: The response type: any `Decodable`, or `Data`, `String` or ``EmptyResponse``.
    /// - Returns: The decoded response.
    /// - Throws: ``APIError``, as ``send(_:)`` does.
    public func send<T: APITarget, Response: Decodable & Sendable>(
        _ target: T,
        as type: Response.Type
    ) async throws(APIError) -> Response {
        try await send(target.expecting(type))
    }
}
