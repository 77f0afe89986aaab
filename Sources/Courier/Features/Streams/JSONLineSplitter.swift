import Foundation

/// Splits a JSON Lines (NDJSON) body into its lines as chunks arrive, numbering them from 1.
///
/// Lines end with `\n`; a `\r` before it is dropped, and so is a record separator (`0x1E`) that
/// starts a line, so that JSON text sequences (RFC 7464) read the same way. Blank lines are
/// skipped but counted. The last line needs no line ending.
struct JSONLineSplitter {
    /// A line and its number.
    struct Line {
        var number: Int
        var bytes: Data
    }

    let maximumLineLength: Int
    private var pending = Data()
    private var number = 0

    init(maximumLineLength: Int) {
        self.maximumLineLength = maximumLineLength
    }

    /// The lines `chunk` completes.
    ///
    /// - Throws: ``APIError/Kind/bodyTooLarge`` for a line longer than the limit.
    mutating func lines(in chunk: Data) throws(APIError) -> [Line] {
        var lines: [Line] = []
        var start = chunk.startIndex
        while let end = chunk[start...].firstIndex(of: Self.lineFeed) {
            pending.append(chunk[start..<end])
            try complete(into: &lines)
            start = chunk.index(after: end)
        }
        pending.append(chunk[start...])
        if pending.count > maximumLineLength { throw tooLong(number + 1) }
        return lines
    }

    /// The last line, when the body does not end with a line ending.
    mutating func finish() throws(APIError) -> Line? {
        var lines: [Line] = []
        try complete(into: &lines)
        return lines.first
    }

    private mutating func complete(into lines: inout [Line]) throws(APIError) {
        number += 1
        defer { pending = Data() }
        if pending.count > maximumLineLength { throw tooLong(number) }
        var line = pending[...]
        if line.last == Self.carriageReturn { line = line.dropLast() }
        if line.first == Self.recordSeparator { line = line.dropFirst() }
        guard line.contains(where: { !Self.whitespace.contains($0) }) else { return }
        lines.append(Line(number: number, bytes: Data(line)))
    }

    private func tooLong(_ number: Int) -> APIError {
        APIError(.bodyTooLarge, "Line \(number) is longer than the limit of \(maximumLineLength) bytes.")
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let recordSeparator: UInt8 = 0x1E
    private static let whitespace: Set<UInt8> = [0x20, 0x09, 0x0D]
}
