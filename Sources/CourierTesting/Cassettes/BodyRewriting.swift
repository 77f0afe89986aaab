import Foundation

/// Rewrites the named members and fields of a body, whatever its format, and moves a streamed
/// body's chunk boundaries with the text: a cassette hides secrets this way when it writes, and
/// puts placeholder values back when it replays.
///
/// A JSON document is rewritten whole; JSON Lines and Server-Sent Events (`data:` lines holding
/// JSON) line by line, so that the chunks of a stream keep their places; a form
/// (`application/x-www-form-urlencoded`) field by field. Anything else is left as it is.
struct BodyRewriting {
    /// Given a member's or a field's name, its value as written (JSON text for a JSON member,
    /// the percent-encoded text for a form field) and whether it is JSON, the value to write
    /// instead, or `nil`.
    let replacement: (String, Substring, Bool) -> String?

    /// `data` rewritten, and the lengths of its chunks moved with it.
    ///
    /// - Parameters:
    ///   - data: The body.
    ///   - mimeType: Its `Content-Type`, which says how to read it.
    ///   - chunks: The lengths of the chunks it arrived in, if it streamed.
    /// - Returns: The body, and the chunks' new lengths (0 for a chunk whose text a rewrite
    ///   moved into the one before).
    func rewrite(_ data: Data, mimeType: String?, chunks: [Int]? = nil) -> (Data, [Int]?) {
        let type = (mimeType ?? "").lowercased()
        let segments: [Range<Int>]
        let rewriteSegment: (Data) -> Data?
        if type.contains("ndjson") || type.contains("jsonl") || type.contains("json-seq") {
            segments = Self.lines(of: data)
            rewriteSegment = rewriteJSON
        } else if type.contains("event-stream") {
            segments = Self.lines(of: data)
            rewriteSegment = rewriteEventLine
        } else if type.contains("json") {
            segments = [0..<data.count]
            rewriteSegment = rewriteJSON
        } else if type.contains("x-www-form-urlencoded") {
            segments = [0..<data.count]
            rewriteSegment = rewriteForm
        } else {
            return (data, chunks)
        }
        var output = Data()
        var moved: [(old: Range<Int>, new: Range<Int>, changed: Bool)] = []
        for segment in segments {
            let text = data.subdata(in: segment)
            let rewritten = rewriteSegment(text) ?? text
            let start = output.count
            output.append(rewritten)
            moved.append((segment, start..<output.count, rewritten != text))
        }
        guard moved.contains(where: \.changed) else { return (data, chunks) }
        return (output, chunks.map { Self.move($0, through: moved) })
    }

    private func rewriteJSON(_ json: Data) -> Data? {
        JSONMembers.rewrite(json) { replacement($0, $1, true) }
    }

    /// A Server-Sent Events line: a `data:` field whose value is JSON, rewritten.
    private func rewriteEventLine(_ line: Data) -> Data? {
        let prefix = Data("data:".utf8)
        guard line.starts(with: prefix) else { return nil }
        var value = line.dropFirst(prefix.count)
        var head = prefix
        if value.first == UInt8(ascii: " ") {
            head.append(UInt8(ascii: " "))
            value = value.dropFirst()
        }
        var tail = Data()
        while let last = value.last, last == 0x0A || last == 0x0D {
            tail.insert(last, at: 0)
            value = value.dropLast()
        }
        guard let rewritten = rewriteJSON(Data(value)) else { return nil }
        return head + rewritten + tail
    }

    /// A form, field by field.
    private func rewriteForm(_ form: Data) -> Data? {
        let text = String(decoding: form, as: UTF8.self)
        var changed = false
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = FormText.decode(pair[..<equals])
            guard let value = replacement(name, pair[pair.index(after: equals)...], false) else { return String(pair) }
            changed = true
            return pair[...equals] + value
        }
        return changed ? Data(pairs.joined(separator: "&").utf8) : nil
    }

    /// The ranges of `data`'s lines, each with its line break.
    private static func lines(of data: Data) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (offset, byte) in data.enumerated() where byte == 0x0A {
            ranges.append(start..<(offset + 1))
            start = offset + 1
        }
        if start < data.count { ranges.append(start..<data.count) }
        return ranges
    }

    /// Chunk lengths moved through rewritten segments: a boundary inside an unchanged segment
    /// keeps its place in it; inside a changed one, it moves to the segment's end.
    private static func move(_ chunks: [Int], through moved: [(old: Range<Int>, new: Range<Int>, changed: Bool)])
        -> [Int]
    {
        var boundaries: [Int] = []
        var offset = 0
        for size in chunks {
            offset += size
            let segment = moved.first { $0.old.contains(offset - 1) } ?? moved.last
            guard let segment else { break }
            let position = offset - 1 - segment.old.lowerBound
            boundaries.append(
                segment.changed || offset == segment.old.upperBound
                    ? segment.new.upperBound : segment.new.lowerBound + position + 1)
        }
        var sizes: [Int] = []
        var previous = 0
        for boundary in boundaries {
            sizes.append(max(0, boundary - previous))
            previous = max(previous, boundary)
        }
        return sizes
    }
}
