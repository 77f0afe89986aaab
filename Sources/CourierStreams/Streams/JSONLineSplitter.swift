import CourierCore
import Foundation

/// Splits a JSON Lines (NDJSON) body into its lines as chunks arrive, numbering them from 1.
///
/// Lines end with `\n`; a `\r` before it is dropped, and so is a record separator (`0x1E`) that
/// starts a line, so that JSON text sequences (RFC 7464) read the same way. Blank lines are
/// skipped but counted. The last line needs no line ending.
///
/// A line longer than the limit ends the split: the lines before it, even those in the same
/// chunk, are still handed out, and ``failure`` says why nothing follows them.
struct JSONLineSplitter {
    /// A line and its number.
    struct Line {
        var number: Int
        var bytes: Data
    }

    let maximumLineLength: Int
    /// The line past the limit that ended the split, once there is one: no line comes after it.
    private(set) var failure: APIError?
    private var pending = Data()
    private var number = 0

    init(maximumLineLength: Int) {
        self.maximumLineLength = maximumLineLength
    }

    /// The lines `chunk` completes, up to a line longer than the limit, which sets ``failure``
    /// (``APIError/Kind/bodyTooLarge``) and ends the split.
    mutating func lines(in chunk: Data) -> [Line] {
        guard failure == nil else { return [] }
        var lines: [Line] = []
        var start = chunk.startIndex
        while let end = chunk[start...].firstIndex(of: Self.lineFeed) {
            pending.append(chunk[start..<end])
            guard complete(into: &lines) else { return lines }
            start = chunk.index(after: end)
        }
        pending.append(chunk[start...])
        if pending.count > maximumLineLength { failure = tooLong(number + 1) }
        return lines
    }

    /// The last line, when the body does not end with a line ending.
    ///
    /// - Throws: ``failure``, or ``APIError/Kind/bodyTooLarge`` if the last line is too long.
    mutating func finish() throws(APIError) -> Line? {
        if let failure { throw failure }
        var lines: [Line] = []
        guard complete(into: &lines) else { throw failure! }
        return lines.first
    }

    /// Completes the pending line; false, with ``failure`` set, if it is too long.
    private mutating func complete(into lines: inout [Line]) -> Bool {
        number += 1
        defer { pending = Data() }
        if pending.count > maximumLineLength {
            failure = tooLong(number)
            return false
        }
        var line = pending[...]
        if line.last == Self.carriageReturn { line = line.dropLast() }
        if line.first == Self.recordSeparator { line = line.dropFirst() }
        if line.contains(where: { !Self.whitespace.contains($0) }) {
            lines.append(Line(number: number, bytes: Data(line)))
        }
        return true
    }

    private func tooLong(_ number: Int) -> APIError {
        APIError(.bodyTooLarge, "Line \(number) is longer than the limit of \(maximumLineLength) bytes.")
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let recordSeparator: UInt8 = 0x1E
    private static let whitespace: Set<UInt8> = [0x20, 0x09, 0x0D]
}
