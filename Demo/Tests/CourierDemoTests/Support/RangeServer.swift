#if Demo
    import DemoAPI
    import Foundation

    /// A download server on a `FaultServer`: serves `DownloadContent` of `size` bytes with a strong
    /// `ETag`, `Accept-Ranges: bytes` and byte ranges with `If-Range` (RFC 9110), each connection as
    /// `answer` says — cut after some bytes, reset, paused, of another version, or wrong on purpose.
    final class RangeServer: Sendable {
        /// How one connection answers.
        struct Answer: Sendable {
            /// The version of the file served: its bytes and its `ETag`, `"v<version>"`.
            var version = 1
            /// The validator field, when not the version's strong `ETag`: `ETag: W/"v1"`, say (lines
            /// may be joined with CRLF).
            var validatorField: String?
            /// The `If-Range` value that gets a range, when not the version's `ETag`.
            var validator: String?
            /// Whether the head says `Accept-Ranges: bytes`.
            var acceptsRanges = true
            /// Whether `Range` is ignored: every answer a `200`.
            var ignoresRange = false
            /// Added to a `206`'s `Content-Range` start (a server that gets it wrong).
            var rangeShift = 0
            /// Added to a `206`'s `Content-Range` complete length.
            var lengthShift = 0
            /// The answer's status instead (`416`), with no body.
            var status: Int?
            /// The bytes of body sent before the connection is dropped; `nil` for all of them.
            var cutAfter: Int?
            /// Whether the drop is a reset (RST) rather than a close (FIN).
            var resets = false
            /// A pause after this many bytes of body (for an idle timeout), and how long.
            var pause: (after: Int, duration: Duration)?
        }

        /// What a request asked for.
        struct Asked: Sendable {
            /// The connection's number, from 0.
            var connection: Int
            /// The first byte of its `Range`, if any.
            var first: Int?
            /// Its `If-Range`, if any.
            var ifRange: String?
        }

        let size: Int
        private let server: FaultServer

        /// Starts a server for a file of `size` bytes whose connections answer as `answer` says.
        init(size: Int, answer: @escaping @Sendable (Asked) -> Answer) throws {
            self.size = size
            let connections = Locked(0)
            server = try FaultServer { head in
                let connection = connections.withLock { count -> Int in
                    defer { count += 1 }
                    return count
                }
                let asked = Asked(
                    connection: connection, first: Self.field("range", in: head).flatMap(Self.firstByte),
                    ifRange: Self.field("if-range", in: head))
                return Self.reply(to: asked, answer(asked), size: size)
            }
        }

        var baseURL: URL { server.baseURL }

        /// The port the server listens on, on 127.0.0.1.
        var port: Int { server.port }

        /// The requests' header lines so far, in order.
        var receivedHeads: [[String]] { server.receivedHeads }

        /// The `Range` of each request so far (`nil` for none), in order.
        var ranges: [String?] {
            server.receivedHeads.map { Self.field("range", in: $0) }
        }

        func stop() {
            server.stop()
        }

        private static func reply(to asked: Asked, _ answer: Answer, size: Int) -> [FaultReply] {
            let tag = "\"v\(answer.version)\""
            var lines = [String]()
            var range = 0..<size
            if let status = answer.status {
                lines.append("HTTP/1.1 \(status) Status")
                lines.append("Content-Range: bytes */\(size)")
                lines.append("Content-Length: 0")
                range = 0..<0
            } else if let first = asked.first, !answer.ignoresRange,
                asked.ifRange == nil || asked.ifRange == (answer.validator ?? tag)
            {
                range = first..<size
                lines.append("HTTP/1.1 206 Partial Content")
                let start = first + answer.rangeShift
                lines.append("Content-Range: bytes \(start)-\(start + range.count - 1)/\(size + answer.lengthShift)")
                lines.append("Content-Length: \(range.count)")
            } else {
                lines.append("HTTP/1.1 200 OK")
                lines.append("Content-Length: \(size)")
            }
            lines.append(answer.validatorField ?? "ETag: \(tag)")
            if answer.acceptsRanges { lines.append("Accept-Ranges: bytes") }
            lines.append("Content-Type: application/octet-stream")
            lines.append("Connection: close")
            let head = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
            // Only the bytes sent before a cut are made.
            let end = answer.cutAfter.map { min($0, range.count) } ?? range.count
            let body = DownloadContent.bytes(range.lowerBound..<range.lowerBound + end, version: answer.version)
            var parts: [FaultReply] = [.bytes(head)]
            if let pause = answer.pause, pause.after < end {
                parts += [
                    .bytes(Array(body[..<pause.after])), .pause(pause.duration), .bytes(Array(body[pause.after...])),
                ]
            } else {
                parts.append(.bytes(body))
            }
            if end < range.count, answer.resets { parts.append(.reset) }
            return parts
        }

        /// A header field's value in a request head (the request line first), by lowercase name.
        static func field(_ name: String, in head: [String]) -> String? {
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == name else { continue }
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return nil
        }

        /// The first byte of `bytes=N-`.
        private static func firstByte(_ range: String) -> Int? {
            guard range.hasPrefix("bytes="), let dash = range.firstIndex(of: "-") else { return nil }
            return Int(range[range.index(range.startIndex, offsetBy: 6)..<dash])
        }
    }
#endif
