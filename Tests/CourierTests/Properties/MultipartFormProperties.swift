import Courier
import Foundation
import Testing

@testable import CourierCore

/// `MultipartForm`: a body of any parts, with names, file names and media types of any text and
/// contents of any bytes (line breaks and dashes among them), splits back at its boundary into
/// exactly those parts.
@Suite("Properties: multipart form")
struct MultipartFormProperties {
    /// One part as read back from a body.
    struct ReadPart: Equatable {
        var headers: [String]
        var data: [UInt8]
    }

    /// Splits `body` at `boundary` with a reader of the test's own (RFC 2046, section 5.1.1):
    /// `nil` when the body is not a multipart body of that boundary.
    static func read(_ body: [UInt8], boundary: String) -> [ReadPart]? {
        let delimiter = Array("\r\n--\(boundary)".utf8)
        var segments: [[UInt8]] = []
        var rest = Array("\r\n".utf8) + body
        while let range = rest.firstRange(of: delimiter) {
            segments.append(Array(rest[..<range.lowerBound]))
            rest = Array(rest[range.upperBound...])
        }
        guard segments.first == [], rest == Array("--\r\n".utf8) else { return nil }
        var parts: [ReadPart] = []
        for segment in segments.dropFirst() {
            let crlf = Array("\r\n".utf8)
            guard segment.starts(with: crlf), let end = segment.firstRange(of: crlf + crlf) else { return nil }
            let head = String(decoding: segment[2..<end.lowerBound], as: UTF8.self)
            parts.append(
                ReadPart(headers: head.components(separatedBy: "\r\n"), data: Array(segment[end.upperBound...])))
        }
        return parts
    }

    /// What the headers of `part` must be: `"`, CR and LF escaped as `%22`, `%0D` and `%0A`.
    static func headers(of part: MultipartForm.Part) -> [String] {
        func escaped(_ text: String) -> String {
            text.unicodeScalars.map { ["\"": "%22", "\r": "%0D", "\n": "%0A"][$0] ?? String($0) }.joined()
        }
        var disposition = "Content-Disposition: form-data; name=\"\(escaped(part.name))\""
        if let filename = part.filename { disposition += "; filename=\"\(escaped(filename))\"" }
        return [disposition] + (part.contentType.map { ["Content-Type: \(escaped($0))"] } ?? [])
    }

    @Test func aBodySplitsBackIntoItsParts() async throws {
        await property("a body splits back at its boundary into its parts", cases: 2000) { random in
            // The default boundary, or a caller's.
            let form = random.chance(0.8) ? MultipartForm() : MultipartForm(boundary: random.boundary())
            var parts: [MultipartForm.Part] = []
            for _ in 0..<random.int(0...4) { parts.append(random.multipartPart(avoiding: form.boundary)) }
            let body = Array(try MultipartForm(boundary: form.boundary, parts: parts).encoded())
            let read = try #require(Self.read(body, boundary: form.boundary))
            try #require(read == parts.map { ReadPart(headers: Self.headers(of: $0), data: Array($0.data)) })
        }
    }

    @Test func aBoundaryInAPartsContentFailsBeforeAnythingIsSent() async throws {
        await property("a boundary in a part's content is an encoding error", cases: 2000) { random in
            let boundary = random.boundary()
            var parts = (0..<random.int(0...3)).map { _ in random.multipartPart(avoiding: boundary) }
            let start = random.chance(0.5) ? "--" : "\r\n--"
            let data =
                random.bytes(random.int(0...10)) + Array((start + boundary).utf8) + random.bytes(random.int(0...10))
            // At the start of the content only `--` and the boundary delimit it.
            let content = start == "--" ? Array((start + boundary).utf8) + random.bytes(random.int(0...10)) : data
            parts.insert(MultipartForm.Part(name: random.token(), data: Data(content)), at: random.int(0...parts.count))
            do throws(APIError) {
                _ = try MultipartForm(boundary: boundary, parts: parts).encoded()
                Issue.record("a part containing its boundary was encoded")
            } catch {
                try #require(error.kind == .encoding)
                try #require(error.message.contains("contains the form's boundary"))
            }
        }
    }

    @Test func aBoundaryRFC2046DoesNotAllowFails() async throws {
        await property("a boundary outside RFC 2046's characters is an encoding error", cases: 2000) { random in
            let outside = random.pick(Array("!#$%&*;<>@[]^`{|}~\"\\\r\né".unicodeScalars))
            let prefix = random.boundary()
            let boundary =
                random.chance(0.2) ? String(repeating: "a", count: random.int(71...90)) : prefix + String(outside)
            #expect(throws: APIError.self) { try MultipartForm(boundary: boundary).encoded() }
        }
        #expect(throws: APIError.self) { try MultipartForm(boundary: "").encoded() }
        #expect(throws: APIError.self) { try MultipartForm(boundary: "ends with a space ").encoded() }
    }
}

extension Seeded {
    /// A boundary of RFC 2046's characters, 1 to 20 long, not ending in a space.
    mutating func boundary() -> String {
        let characters = Array(
            "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".unicodeScalars)
        return text(0...19, from: characters) + "B"
    }

    /// A part whose name, file name and media type are any text, and whose content is any bytes,
    /// with line breaks, dashes and the start of the boundary in it, but never the delimiter
    /// (`\r\n--` and the boundary), which a caller's boundary must not appear in.
    mutating func multipartPart(avoiding boundary: String) -> MultipartForm.Part {
        let pieces: [[UInt8]] = ["\r\n", "--", "\r\n--", "\r\n\r\n", "--" + boundary.dropLast()].map { Array($0.utf8) }
        var data = (0..<int(0...6)).flatMap { _ in chance(0.5) ? pick(pieces) : bytes(int(0...20)) }
        // The content follows a line break, so it must not start with `--` and the boundary either.
        let delimiter = Array("\r\n--\(boundary)".utf8)
        while let range = (Array("\r\n".utf8) + data).firstRange(of: delimiter) {
            data.remove(at: max(0, range.lowerBound - 2))
        }
        return MultipartForm.Part(
            name: text(0...8), filename: chance(0.5) ? text(0...8) : nil,
            contentType: chance(0.5) ? pick(["text/plain", "image/png", text(0...6)]) : nil, data: Data(data))
    }
}
