import Courier

/// Writes an event stream line by line and works out, independently of the parser, what the
/// WHATWG rules make of it.
struct EventStreamBuilder {
    enum Line {
        /// `name:value`, with a space after the colon when `spaced` (always before a value that
        /// starts with one, which would otherwise lose it).
        case field(String, String, spaced: Bool)
        /// A field name alone, whose value is empty.
        case bare(String)
        case comment(String)
        case blank
    }

    private(set) var stream = GeneratedEventStream()
    /// Whether the last line ended with a lone `\r`.
    private(set) var endsWithCarriageReturn = false
    private var data: [String] = []
    private var type = ""
    private var idBuffer = ""
    private var blockRetry: Duration?
    private var blockSize = 0

    mutating func append(bytes: [UInt8]) {
        stream.bytes += bytes
        blockSize += bytes.count
        stream.largestBlock = max(stream.largestBlock, blockSize)
    }

    /// Appends `line`; a line without an ending is one the stream ends in, which is never read.
    mutating func append(line: Line, ending: String?) {
        let text =
            switch line {
            case .field(let name, let value, let spaced):
                name + ":" + (spaced || value.unicodeScalars.first == " " ? " " : "") + value
            case .bare(let name): name
            case .comment(let text): ":" + text
            case .blank: ""
            }
        append(bytes: Array((text + (ending ?? "")).utf8))
        endsWithCarriageReturn = ending == "\r"
        guard ending != nil else { return }
        switch line {
        case .field(let name, let value, _): apply(name, value)
        case .bare(let name): apply(name, "")
        case .comment: break
        case .blank: dispatch()
        }
    }

    private mutating func apply(_ name: String, _ value: String) {
        switch name {
        case "data":
            data.append(value)
        case "event":
            type = value
        case "id":
            if !value.unicodeScalars.contains("\0") { idBuffer = value }
        case "retry":
            guard !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return }
            blockRetry = .milliseconds(Int64(value) ?? .max)
            stream.reconnectionTime = blockRetry
        default:
            break
        }
    }

    private mutating func dispatch() {
        stream.lastEventID = idBuffer
        if !data.isEmpty {
            stream.events.append(
                ServerSentEvent(
                    id: idBuffer.isEmpty ? nil : idBuffer, event: type.isEmpty ? "message" : type,
                    data: data.joined(separator: "\n"), retry: blockRetry))
        }
        data = []
        type = ""
        blockRetry = nil
        blockSize = 0
    }
}
