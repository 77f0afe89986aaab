public import CourierCore
public import Foundation

/// How the responses of each kind of entry are decoded, registered by the app: after a restart
/// the Swift request type of an entry an earlier process enqueued is gone, and its kind is what
/// is left to say what its response is.
///
/// ```swift
/// var configuration = Outbox.Configuration()
/// configuration.decoders.register(SavedNote.self, forKind: "note.save")
/// ```
///
/// A kind with no decoder is delivered all the same; its event carries the response and its
/// body, undecoded.
public struct OutboxDecoders: Sendable {
    /// Decodes a response's body, given the client's decoder.
    typealias Decode = @Sendable (Data, HTTPResponse, JSONDecoder) throws -> any Sendable

    private var decoders: [String: Decode] = [:]

    /// No decoders.
    public init() {}

    /// Decodes the responses of `kind` as JSON `Value`s.
    ///
    /// - Parameters:
    ///   - type: The response's type.
    ///   - kind: The kind of entry, as given to `Outbox.enqueue(_:kind:group:rules:)`.
    ///   - decoder: The decoder; `nil` for the client's.
    public mutating func register<Value: Decodable & Sendable>(
        _ type: Value.Type, forKind kind: String, decoder: JSONDecoder? = nil
    ) {
        decoders[kind] = { body, _, clientDecoder in try (decoder ?? clientDecoder).decode(Value.self, from: body) }
    }

    /// Decodes the responses of `kind` with a function of the app's.
    ///
    /// - Parameters:
    ///   - kind: The kind of entry.
    ///   - decode: Makes a value of the response's body and head.
    public mutating func register(
        forKind kind: String, _ decode: @escaping @Sendable (Data, HTTPResponse) throws -> any Sendable
    ) {
        decoders[kind] = { body, head, _ in try decode(body, head) }
    }

    /// The decoder registered for `kind`.
    func decoder(forKind kind: String) -> Decode? {
        decoders[kind]
    }
}
