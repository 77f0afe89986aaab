/// A JSON Lines body and the lines it holds.
struct GeneratedJSONLines {
    var bytes: [UInt8] = []
    /// The lines that are not blank, numbered from 1, blank ones counted.
    var lines: [JSONLineSplitterProperties.Line] = []
    /// Each line's length as the splitter holds it to its limit: without its `\n`.
    var lengths: [Int] = []

    var longestLine: Int { lengths.max() ?? 0 }
}

extension Seeded {
    /// A body of lines and blank lines, some starting with a record separator (RFC 7464), some
    /// ending with `\r\n`, the last one with or without a line ending unless `terminated`.
    mutating func jsonLinesBody(terminated: Bool = false) -> GeneratedJSONLines {
        var body = GeneratedJSONLines()
        let count = int(0...8)
        for index in 0..<count {
            var raw: [UInt8] = chance(0.3) ? [0x1E] : []
            if chance(0.25) {
                raw += bytes(0...3, from: [0x20, 0x09, 0x0D])
            } else {
                let content = jsonLineContent()
                raw += content
                body.lines.append(.init(number: index + 1, bytes: content))
            }
            if chance(0.3) { raw.append(0x0D) }
            body.lengths.append(raw.count)
            body.bytes += raw
            if terminated || index < count - 1 || chance(0.5) { body.bytes.append(0x0A) }
        }
        return body
    }

    /// A line's content: any bytes but `\n`, not blank, neither starting with a record separator
    /// nor ending with `\r`, which the splitter would take off.
    private mutating func jsonLineContent() -> [UInt8] {
        var content = bytes(1...20, from: Array("{\"n\": [1, true]}\t\r\u{1E}é".utf8) + [0x00, 0xFF])
        if content.allSatisfy({ [0x20, 0x09, 0x0D].contains($0) }) { content.append(0x31) }
        if content.first == 0x1E { content[0] = 0x7B }
        if content.last == 0x0D { content[content.count - 1] = 0x7D }
        return content
    }
}
