import Foundation

/// Undoes permessage-deflate (RFC 7692) on a server's message, never producing more than a limit:
/// a compressed bomb fails with `messageTooBig` once its output passes the limit, holding no more
/// than the limit. One inflater per connection: the server may keep its window across messages.
protocol MessageInflater: AnyObject, Sendable {
    /// The message's bytes, inflated.
    ///
    /// - Throws: ``FrameViolation``: `messageTooBig` past `limit`, `invalidPayload` for data that
    ///   is not deflate.
    func inflate(_ payload: Data, limit: Int) throws(FrameViolation) -> Data
}

/// The `Sec-WebSocket-Extensions` offer and answer for permessage-deflate.
enum PerMessageDeflate {
    /// Whether this build can inflate a message (zlib, with SwiftNIO): only then is it offered.
    static var isAvailable: Bool {
        #if CourierNIO
            true
        #else
            false
        #endif
    }

    /// A connection's inflater, where this build has one.
    static func makeInflater() -> (any MessageInflater)? {
        #if CourierNIO
            try? NIOMessageInflater()
        #else
            nil
        #endif
    }

    /// What the client offers: the server's messages compressed, the client's sent as they are
    /// (a client may always send a message uncompressed).
    static let offer = "permessage-deflate; client_max_window_bits"

    /// The parameters a server may answer with (RFC 7692, section 7.1).
    private static let parameters: Set<String> = [
        "server_no_context_takeover", "client_no_context_takeover", "server_max_window_bits",
        "client_max_window_bits",
    ]

    /// Whether the server's answer agrees to permessage-deflate: `false` for no answer.
    ///
    /// - Throws: ``FrameViolation`` for an extension or parameter that was not offered.
    static func agreed(_ answer: String?, offered: Bool) throws(FrameViolation) -> Bool {
        guard let answer, !answer.trimmingCharacters(in: .whitespaces).isEmpty else { return false }
        let extensions = answer.split(separator: ",")
        guard offered, extensions.count == 1 else {
            throw .protocolError("the server agreed to extensions that were not offered: \(answer)")
        }
        let parts = extensions[0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first == "permessage-deflate" else {
            throw .protocolError("the server agreed to extensions that were not offered: \(answer)")
        }
        for parameter in parts.dropFirst() {
            let name = parameter.split(separator: "=").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard parameters.contains(name) else {
                throw .protocolError(
                    "the server's permessage-deflate has a parameter that does not exist: \(parameter)")
            }
        }
        return true
    }
}
