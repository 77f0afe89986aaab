public import Foundation
public import HTTPTypes

extension APIRequest where Response: Decodable {
    /// Decodes the body as JSON.
    ///
    /// - Parameters:
    ///   - body: The response body.
    ///   - response: The response head (unused).
    ///   - decoder: The decoder to use.
    /// - Returns: The decoded response.
    /// - Throws: The decoder's `DecodingError`.
    public func decode(_ body: Data, from response: HTTPResponse, decoder: JSONDecoder) throws -> Response {
        try decoder.decode(Response.self, from: body)
    }
}

extension APIRequest where Response == Data {
    /// Returns the body as it arrived.
    ///
    /// - Parameters:
    ///   - body: The response body.
    ///   - response: The response head (unused).
    ///   - decoder: Unused.
    /// - Returns: `body`.
    /// - Throws: Nothing; the signature is the requirement's.
    public func decode(_ body: Data, from response: HTTPResponse, decoder: JSONDecoder) throws -> Data {
        body
    }
}

extension APIRequest where Response == String {
    /// Returns the body as UTF-8 text.
    ///
    /// - Parameters:
    ///   - body: The response body.
    ///   - response: The response head (unused).
    ///   - decoder: Unused.
    /// - Returns: The body as a string.
    /// - Throws: `DecodingError.dataCorrupted` when the body is not valid UTF-8.
    public func decode(_ body: Data, from response: HTTPResponse, decoder: JSONDecoder) throws -> String {
        try Self.text(of: body)
    }
}

extension APIRequest where Response == EmptyResponse {
    /// Ignores the body.
    ///
    /// - Parameters:
    ///   - body: The response body (ignored).
    ///   - response: The response head (unused).
    ///   - decoder: Unused.
    /// - Returns: An ``EmptyResponse``.
    /// - Throws: Nothing; the signature is the requirement's.
    public func decode(_ body: Data, from response: HTTPResponse, decoder: JSONDecoder) throws -> EmptyResponse {
        EmptyResponse()
    }
}

extension APIRequest {
    /// The body as UTF-8 text.
    static func text(of body: Data) throws -> String {
        guard let text = String(data: body, encoding: .utf8) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The body is not valid UTF-8."))
        }
        return text
    }
}
