import Foundation

/// An HTTP Archive, HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): the file a cassette
/// is, and the one browsers' developer tools, Charles and Proxyman export.
///
/// Only what a cassette writes or a replay reads is modelled; a reader ignores the rest (a
/// browser's `pages`, its custom fields). Courier's own additions are custom fields, whose names
/// start with `_`, as the specification allows: a streamed body's chunks (``Content/chunks``) and
/// a failed exchange (``Response/failure``).
package struct HAR: Codable, Sendable, Equatable {
    /// The archive's root.
    package var log: Log

    package init(entries: [Entry] = []) {
        log = Log(
            version: "1.2", creator: Creator(name: "Courier", version: "1"), browser: nil, entries: entries,
            comment: nil)
    }

    /// The archive's root: who wrote it and its exchanges.
    package struct Log: Codable, Sendable, Equatable {
        package var version: String
        package var creator: Creator
        package var browser: Creator?
        package var entries: [Entry]
        package var comment: String?
    }

    /// The application (or browser) that wrote the archive.
    package struct Creator: Codable, Sendable, Equatable {
        package var name: String
        package var version: String
    }

    /// A header field, a query parameter or a form field.
    package struct NameValue: Codable, Sendable, Equatable {
        package var name: String
        package var value: String
    }

    /// A cookie, as sent or set; its value a placeholder when a cassette wrote it.
    package struct Cookie: Codable, Sendable, Equatable {
        package var name: String
        package var value: String
        package var path: String?
        package var domain: String?
        package var httpOnly: Bool?
        package var secure: Bool?
    }

    /// The state of a browser's cache around the exchange: a cassette writes none (`{}`).
    package struct Cache: Codable, Sendable, Equatable {}

    /// One exchange: a request and its response, or how it failed. A redirect is an exchange of
    /// its own.
    package struct Entry: Codable, Sendable, Equatable {
        /// When the request began, ISO 8601.
        package var startedDateTime: String
        /// The exchange's time in milliseconds: the sum of ``timings``' known phases.
        package var time: Double
        package var request: Request
        package var response: Response
        package var cache: Cache
        package var timings: Timings
        package var comment: String?
        /// Chromium's kind of resource: `websocket` for a WebSocket's handshake.
        package var resourceType: String?
        /// A WebSocket's messages after its handshake, as Chromium exports them.
        package var webSocketMessages: [WebSocketMessage]?

        enum CodingKeys: String, CodingKey {
            case startedDateTime, time, request, response, cache, timings, comment
            case resourceType = "_resourceType"
            case webSocketMessages = "_webSocketMessages"
        }
    }

    /// One WebSocket message, as Chromium's HAR export writes it (`_webSocketMessages`).
    package struct WebSocketMessage: Codable, Sendable, Equatable {
        /// `send` (the client's) or `receive` (the server's).
        package var type: String
        /// When, in seconds since 1970.
        package var time: Double
        /// 1 for text, 2 for binary.
        package var opcode: Int
        /// The text, or the binary data in Base64.
        package var data: String
    }

    /// How long each phase of an exchange took, in milliseconds; `-1` for one not known.
    package struct Timings: Codable, Sendable, Equatable {
        package var blocked: Double?
        package var dns: Double?
        package var connect: Double?
        package var send: Double
        package var wait: Double
        package var receive: Double
        package var ssl: Double?

        /// An exchange whose head took `wait` and whose body took `receive`.
        package static func measured(wait: Double, receive: Double) -> Timings {
            Timings(blocked: -1, dns: -1, connect: -1, send: 0, wait: wait, receive: receive, ssl: -1)
        }

        /// The entry's `time`: the sum of the phases that are known.
        package var total: Double {
            let sum = [blocked, dns, connect, send, wait, receive].compactMap { $0 }.filter { $0 >= 0 }.reduce(0, +)
            return (sum * 1000).rounded() / 1000
        }
    }
}
