import Courier

/// A well-formed `text/event-stream` and what the WHATWG rules make of it.
struct GeneratedEventStream {
    var bytes: [UInt8] = []
    /// The events it dispatches.
    var events: [ServerSentEvent<String>] = []
    /// The last event ID once it has been read.
    var lastEventID = ""
    /// The reconnection time its latest valid `retry` set.
    var reconnectionTime: Duration?
    /// The most bytes one block of lines (up to and including its blank line) takes.
    var largestBlock = 0
}

extension Seeded {
    /// Pieces an event stream is made of, for streams that are mostly not well formed.
    private static let eventStreamPieces: [[UInt8]] = [
        "data", "data:", "data: ", "event:", "id:", "id: 7", "retry:", "retry: 15", ":", " ", "\r", "\n",
        "\r\n", "1", "x", "é", "\0", "\u{FEFF}",
    ].map { Array($0.utf8) }

    /// Bytes that look like an event stream: field names, colons, digits, line endings, a byte
    /// order mark, and now and then any byte.
    mutating func eventStreamSoup() -> [UInt8] {
        (0..<int(0...40)).flatMap { _ in chance(0.1) ? bytes(1) : pick(Self.eventStreamPieces) }
    }

    /// A well-formed event stream: blocks of `data`, `event`, `id`, `retry`, unknown fields and
    /// comments in any order, with values with and without the space after the colon, every line
    /// ending, a byte order mark now and then, and sometimes a last block the stream ends in.
    mutating func eventStream() -> GeneratedEventStream {
        var builder = EventStreamBuilder()
        if chance(0.2) { builder.append(bytes: [0xEF, 0xBB, 0xBF]) }
        let blocks = int(0...6)
        for block in 0..<blocks {
            let lines = (0..<int(0...5)).map { _ in eventStreamLine() }
            // The stream may end in its last block, even in the middle of its last line.
            let ends = block < blocks - 1 || chance(0.7)
            for (index, line) in lines.enumerated() {
                let cut = !ends && index == lines.count - 1 && chance(0.3)
                builder.append(line: line, ending: cut ? nil : lineEnding(after: builder))
            }
            if ends { builder.append(line: .blank, ending: lineEnding(after: builder)) }
        }
        return builder.stream
    }

    /// A line ending: after a lone `\r`, a blank line must not end with `\n`, which would make
    /// the pair one line ending.
    private mutating func lineEnding(after builder: EventStreamBuilder) -> String {
        pick(builder.endsWithCarriageReturn ? ["\r", "\r\n"] : ["\n", "\r", "\r\n"])
    }

    private mutating func eventStreamLine() -> EventStreamBuilder.Line {
        let value = text(0...8, excluding: ["\r", "\n"])
        switch int(0...9) {
        case 0...3: return .field("data", value, spaced: chance(0.7))
        case 4: return .field("event", value, spaced: chance(0.7))
        case 5: return .field("id", chance(0.2) ? value + "\0" : value, spaced: chance(0.7))
        case 6: return .field("retry", retryValue(), spaced: chance(0.7))
        case 7: return .comment(value)
        case 8: return .field(pick(["Data", "ID", "retry2", "x", "data ", "év"]), value, spaced: chance(0.7))
        default: return .bare(pick(["data", "event", "id", "retry", "other"]))
        }
    }

    /// Digits, some too many for 64 bits; now and then something that is not only digits.
    private mutating func retryValue() -> String {
        let digits = text(1...25, from: Array("0123456789".unicodeScalars))
        return pick([digits, digits, digits, digits + "ms", " " + digits, "-" + digits, ""])
    }
}
