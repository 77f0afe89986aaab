import Courier
import Foundation
import Testing

@testable import CourierCore

/// `PercentEncoding`: any text encodes to allowed characters only and decodes back to itself,
/// with Courier's decoder and with Foundation's.
@Suite("Properties: percent-encoding")
struct PercentEncodingProperties {
    static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    static let pathCharacters = unreserved.union("/:@!$&'()*+,;=".utf8)
    static let upperHex = Set("0123456789ABCDEF".utf8)

    /// Whether `text` holds only `allowed` bytes and `%` escapes (uppercase ones when `upper`).
    static func isEncoded(_ text: String, allowing allowed: Set<UInt8>, upper: Bool) -> Bool {
        let bytes = Array(text.utf8)
        let hex = upper ? upperHex : upperHex.union("abcdef".utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, hex.contains(bytes[index + 1]), hex.contains(bytes[index + 2])
                else { return false }
                index += 3
            } else {
                guard allowed.contains(bytes[index]) else { return false }
                index += 1
            }
        }
        return true
    }

    /// The bytes `text` percent-decodes to, or `nil` for a `%` that starts no escape: a decoder
    /// of the test's own.
    static func decodedBytes(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let escape = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(escape)
            rest = rest.dropFirst(2)
        }
        return bytes
    }

    /// Whether Foundation's decoders can be trusted to give `text` back: they drop a byte order
    /// mark at its start.
    static func foundationKeeps(_ text: String) -> Bool {
        text.unicodeScalars.first != "\u{FEFF}"
    }

    @Test func aComponentEncodesToUnreservedCharactersAndDecodesBack() async throws {
        await property("a component encodes to unreserved characters and escapes, and decodes back", cases: 4000) {
            random in
            let text = random.text(0...12)
            let encoded = PercentEncoding.encodeComponent(text)
            try #require(Self.isEncoded(encoded, allowing: Self.unreserved, upper: true), "\(encoded)")
            try #require(Self.decodedBytes(encoded[...]) == Array(text.utf8))
            try #require(PercentEncoding.decode(encoded[...]) == text)
            if Self.foundationKeeps(text) { try #require(encoded.removingPercentEncoding == text) }
        }
    }

    /// A path keeps its `/`, sub-delimiters and valid escapes, so it decodes to what the text
    /// decodes to, and encoding it again changes nothing.
    @Test func aPathEncodesToPathCharactersAndDecodesAsTheTextDoes() async throws {
        await property("a path encodes to path characters and decodes as the text does", cases: 4000) { random in
            let alphabet: [Unicode.Scalar] = ["%", "%", "4", "1", "e", "/", "?", "#", " ", "+", "@", "~"]
            let text = random.chance(0.5) ? random.text(0...12) : random.text(0...12, from: alphabet)
            let encoded = PercentEncoding.encodePath(text)
            try #require(Self.isEncoded(encoded, allowing: Self.pathCharacters, upper: false), "\(encoded)")
            try #require(PercentEncoding.decode(encoded[...]) == PercentEncoding.decode(text[...]))
            try #require(PercentEncoding.encodePath(encoded) == encoded)
            try #require(URL(string: "https://api.example.com/" + encoded) != nil)
            if !text.contains("%") {
                try #require(Self.decodedBytes(encoded[...]) == Array(text.utf8))
                if Self.foundationKeeps(text) { try #require(encoded.removingPercentEncoding == text) }
            }
        }
    }
}
