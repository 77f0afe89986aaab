import Foundation
import HTTPTypes

/// Recognizes a transport's TLS handshake failure and says why it failed: part of
/// ``DeadlineScope/classify(_:request:response:)``, the one place errors are worded. What a TLS
/// library's errors mean is its transport's to say (``FaultReader/tlsFailure(from:host:)``).
enum TLSErrors {
    /// The failure `error` stands for.
    ///
    /// - Parameters:
    ///   - error: What the transport threw.
    ///   - request: The request it was sending, for the host's name.
    /// - Returns: The failure, or `nil` when `error` is no TLS handshake failure.
    static func failure(from error: any Error, request: HTTPRequest?) -> TLSFailure? {
        let host = host(of: request)
        if let mismatch = error as? PinMismatch {
            var failure = TLSFailure(reason: .pinMismatch, host: host, underlying: mismatch)
            failure.detail = mismatch.description
            return failure
        }
        if let refusal = error as? HandshakeRefusal {
            return refusal.failure(host: host)
        }
        for reader in FaultReaders.all {
            if let failure = reader.tlsFailure(from: error, host: host) { return failure }
        }
        return nil
    }

    /// What a TLS library's error says, in short: BoringSSL's error names ("BoringSSL:
    /// CERTIFICATE_VERIFY_FAILED") instead of swift-nio-ssl's text, which carries the path of
    /// the source file on the machine that built it; `nil` for a pin mismatch, whose message
    /// says it all.
    static func libraryText(of error: any Error) -> String? {
        if error is PinMismatch { return nil }
        for reader in FaultReaders.all {
            if let text = reader.libraryText(of: error) { return text }
        }
        return UnderlyingErrorText.describe(error) ?? withoutSourcePaths(String(describing: error))
    }

    /// The names in BoringSSL's error text, like `CERTIFICATE_VERIFY_FAILED` in
    /// "[Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED
    /// at /…/handshake.cc:393]", each once, in order.
    static func errorNames(in text: String) -> String {
        var names: [String] = []
        for entry in text.components(separatedBy: "error:").dropFirst() {
            let message = entry.components(separatedBy: " at ").first ?? entry
            guard let name = message.split(separator: ":").last.map(String.init), !name.isEmpty else { continue }
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "])")))
            if !trimmed.isEmpty, !names.contains(trimmed) { names.append(trimmed) }
        }
        return names.isEmpty ? withoutSourcePaths(text) : names.joined(separator: ", ")
    }

    /// `text` without " at /path/file.cc:123" (a build machine's source path).
    static func withoutSourcePaths(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let at = rest.range(of: " at /") {
            result += rest[..<at.lowerBound]
            rest = rest[at.upperBound...]
            // The path ends at its line number, or at the end of the text.
            let end = rest.firstIndex { $0 == "]" || $0 == ")" || $0 == "," || $0 == " " } ?? rest.endIndex
            rest = rest[end...]
        }
        return result + rest
    }

    /// The host `request` was for, without a port or credentials.
    static func host(of request: HTTPRequest?) -> String {
        guard var authority = request?.authority else { return "the server" }
        if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close])
        }
        return authority.split(separator: ":", maxSplits: 1).first.map(String.init) ?? authority
    }
}
