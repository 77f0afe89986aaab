public import Foundation

/// A type a request's ``APIRequest/decoder`` may have: `JSONDecoder`, or `JSONDecoder?` where
/// `nil` means the client's decoder.
///
/// Both spellings are honoured, so `var decoder: JSONDecoder { .snakeCaseISO8601 }` in a base
/// protocol works as written.
public protocol DecoderConvertible: Sendable {
    /// The decoder, or `nil` for the client's.
    var resolvedDecoder: JSONDecoder? { get }
}

extension JSONDecoder: DecoderConvertible {
    /// This decoder.
    public var resolvedDecoder: JSONDecoder? { self }
}

extension Optional: DecoderConvertible where Wrapped: DecoderConvertible {
    /// The wrapped decoder, or `nil` for the client's.
    public var resolvedDecoder: JSONDecoder? { self?.resolvedDecoder }
}
