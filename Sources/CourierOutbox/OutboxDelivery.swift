public import CourierCore
public import Foundation

/// An entry's delivery: the server's answer, and the value decoded from it when the app
/// registered a decoder for the entry's kind (``OutboxDecoders``).
public struct OutboxDelivery: Sendable {
    /// The response head.
    public let response: HTTPResponse

    /// The response body.
    public let body: Data

    /// The decoded value, when a decoder is registered for the entry's kind and decoding
    /// succeeded.
    public let value: (any Sendable)?

    /// Why decoding failed, when it did (the entry was delivered all the same).
    public let decodingError: APIError?

    /// The decoded value as a `Value`, when it is one.
    ///
    /// - Parameter type: The type the decoder for the entry's kind makes.
    /// - Returns: The value, or `nil`.
    public func value<Value>(as type: Value.Type) -> Value? {
        value as? Value
    }
}
