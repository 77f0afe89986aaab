package import CourierCore
package import Foundation

/// Turns the bytes of a `text/event-stream` into events, following the WHATWG HTML rules for
/// interpreting an event stream.
///
/// Feed it the body's chunks as they arrive, in any sizes; it keeps what it needs between them.
///
/// - Lines end with `\r\n`, `\n` or `\r`, including a `\r\n` split across two chunks.
/// - One byte order mark at the start of the stream is skipped.
/// - A line starting with `:` is a comment; a line without a colon is a field with an empty value;
///   one space after the colon is removed.
/// - `data` lines are joined with `\n`; `event` sets the type; `id` sets the last event ID unless
///   it contains NUL; `retry` sets the reconnection time when it is ASCII digits only; other
///   fields are ignored.
/// - A blank line dispatches the event, unless it has no data; an event the stream ends in the
///   middle of is never dispatched.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// for try await chunk in body {
///     for event in try parser.parse(chunk) { print(event.data) }
/// }
/// ```
package struct ServerSentEventParser: Sendable {
    /// The stream's last event ID: the latest `id` of an event block that ended (with a blank
    /// line), empty when there is none. A reconnection sends it as `Last-Event-ID`.
    package private(set) var lastEventID: String

    /// The reconnection time the stream set with its latest valid `retry` field, if any.
    package private(set) var reconnectionTime: Duration?

    /// The most bytes one event (its data so far plus the line being read) may take.
    package let maximumEventSize: Int

    private var line: [UInt8] = []
    private var skipsLineFeed = false
    private var atStreamStart = true
    private var data: [UInt8] = []
    private var eventType = ""
    private var lastEventIDBuffer: String
    private var blockRetry: Duration?

    /// Creates a parser.
    ///
    /// - Parameters:
    ///   - lastEventID: The last event ID to start from, as when resuming a stream.
    ///   - maximumEventSize: The most bytes one event may take; past it, parsing fails.
    package init(lastEventID: String = "", maximumEventSize: Int = 1 << 20) {
        self.lastEventID = lastEventID
        self.lastEventIDBuffer = lastEventID
        self.maximumEventSize = maximumEventSize
    }

    /// Parses a chunk of the stream.
    ///
    /// - Parameter chunk: The next bytes of the stream.
    /// - Returns: The events the chunk completed, in order.
    /// - Throws: ``APIError/Kind/bodyTooLarge`` when an event passes ``maximumEventSize``.
    package mutating func parse(_ chunk: Data) throws(APIError) -> [ServerSentEvent<String>] {
        var events: [ServerSentEvent<String>] = []
        var exceeded = false
        chunk.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            if skipsLineFeed, !bytes.isEmpty {
                skipsLineFeed = false
                if bytes[0] == Self.lineFeed { index = 1 }
            }
            var start = index
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == Self.lineFeed || byte == Self.carriageReturn else {
                    index += 1
                    continue
                }
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                // Every line is held to the limit, not only the one a chunk ends in, so that
                // whether parsing fails never depends on how the stream is cut into chunks.
                guard line.count + data.count <= maximumEventSize else {
                    exceeded = true
                    return
                }
                handleLine(into: &events)
                index += 1
                if byte == Self.carriageReturn {
                    if index == bytes.count {
                        skipsLineFeed = true
                    } else if bytes[index] == Self.lineFeed {
                        index += 1
                    }
                }
                start = index
            }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        if exceeded || line.count + data.count > maximumEventSize {
            throw APIError(
                .bodyTooLarge, "A server-sent event exceeds the limit of \(maximumEventSize) bytes.")
        }
        return events
    }

    /// Starts a new stream, as after a reconnection: the event being read is discarded, and the
    /// last event ID and reconnection time are kept.
    package mutating func restart() {
        line.removeAll(keepingCapacity: true)
        data.removeAll(keepingCapacity: true)
        skipsLineFeed = false
        atStreamStart = true
        eventType = ""
        lastEventIDBuffer = lastEventID
        blockRetry = nil
    }

    private mutating func handleLine(into events: inout [ServerSentEvent<String>]) {
        defer { line.removeAll(keepingCapacity: true) }
        if atStreamStart {
            atStreamStart = false
            if line.starts(with: Self.byteOrderMark) { line.removeFirst(Self.byteOrderMark.count) }
        }
        guard let first = line.first else { return dispatch(into: &events) }
        guard first != Self.colon else { return }  // a comment
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: Self.colon) {
            field = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == Self.space { value = value.dropFirst() }
        } else {
            field = line[...]
            value = []
        }
        switch Field(field) {
        case .data:
            data.append(contentsOf: value)
            data.append(Self.lineFeed)
        case .event:
            eventType = String(decoding: value, as: UTF8.self)
        case .id:
            if !value.contains(0) { lastEventIDBuffer = String(decoding: value, as: UTF8.self) }
        case .retry:
            if let milliseconds = Self.digits(value) {
                reconnectionTime = .milliseconds(milliseconds)
                blockRetry = reconnectionTime
            }
        case nil:
            break
        }
    }

    private mutating func dispatch(into events: inout [ServerSentEvent<String>]) {
        lastEventID = lastEventIDBuffer
        defer {
            data.removeAll(keepingCapacity: true)
            eventType = ""
            blockRetry = nil
        }
        guard !data.isEmpty else { return }
        events.append(
            ServerSentEvent(
                id: lastEventID.isEmpty ? nil : lastEventID,
                event: eventType.isEmpty ? "message" : eventType,
                data: String(decoding: data.dropLast(), as: UTF8.self),
                retry: blockRetry
            ))
    }

    /// The value of a field made of ASCII digits only, saturating at `Int64.max`; `nil` for
    /// anything else.
    private static func digits(_ value: ArraySlice<UInt8>) -> Int64? {
        guard !value.isEmpty else { return nil }
        var result: Int64 = 0
        for byte in value {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflow) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - 0x30))
            result = overflow || overflow2 ? .max : sum
        }
        return result
    }

    private enum Field {
        case data, event, id, retry

        init?(_ name: ArraySlice<UInt8>) {
            switch name.count {
            case 2 where name.elementsEqual("id".utf8): self = .id
            case 4 where name.elementsEqual("data".utf8): self = .data
            case 5 where name.elementsEqual("event".utf8): self = .event
            case 5 where name.elementsEqual("retry".utf8): self = .retry
            default: return nil
            }
        }
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " ")
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
