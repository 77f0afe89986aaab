package import Foundation

/// Reads a `Retry-After` value (RFC 9110 §10.2.3): a number of seconds, or an HTTP date in any of
/// its three forms. Anything else is ignored. The one reading of it: ``RetryInterceptor``'s and the
/// outbox's.
package enum RetryAfter {
    package static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return Int(text).map { .seconds($0) } ?? .seconds(Int.max / 1_000_000_000_000)
        }
        guard let date = HTTPDate.parse(text) else { return nil }
        return .milliseconds(max(0, Int(date.timeIntervalSince(now) * 1000)))
    }
}
