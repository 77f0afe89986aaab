public import HTTPTypes

/// A set of HTTP status codes, such as the ones a request accepts or a retry policy retries.
///
/// Write it as an array literal, from a range, or as a union:
///
/// ```swift
/// var acceptableStatusCodes: StatusCodes { .successful + [304] }      // 200..<300 or 304
/// let policy = RetryPolicy(retryableStatusCodes: [429, 503])
/// let conflict = StatusCodes(409...409)
/// ```
///
/// Codes from 100 to 599 are stored in a fixed bit set, so `contains` costs a shift and a mask.
/// Codes outside that range are never members.
public struct StatusCodes: Sendable, Hashable, ExpressibleByArrayLiteral, Sequence {
    /// The lowest code a set can hold.
    static let lowest = 100
    /// One past the highest code a set can hold.
    static let end = 600

    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// No codes.
    public init() {
        words = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// The codes of a sequence; those outside 100...599 are left out.
    ///
    /// - Parameter codes: The codes, such as `200..<300` or `[200, 304]`.
    public init(_ codes: some Sequence<Int>) {
        self.init()
        for code in codes { insert(code) }
    }

    /// The codes of an array literal.
    ///
    /// - Parameter codes: The codes.
    public init(arrayLiteral codes: Int...) {
        self.init(codes)
    }

    /// `200..<300`: every successful status.
    public static let successful = StatusCodes(200..<300)

    /// Whether the set holds `code`.
    ///
    /// - Parameter code: A status code.
    /// - Returns: `true` when `code` is a member.
    public func contains(_ code: Int) -> Bool {
        guard code >= Self.lowest, code < Self.end else { return false }
        let bit = code - Self.lowest
        return word(bit >> 6) & (1 << UInt64(bit & 63)) != 0
    }

    /// Whether the set holds a status's code.
    ///
    /// - Parameter status: A response status.
    /// - Returns: `true` when its code is a member.
    public func contains(_ status: HTTPResponse.Status) -> Bool {
        contains(status.code)
    }

    /// Adds a code; one outside 100...599 is ignored.
    ///
    /// - Parameter code: A status code.
    public mutating func insert(_ code: Int) {
        guard code >= Self.lowest, code < Self.end else { return }
        let bit = code - Self.lowest
        withWord(bit >> 6) { $0 |= 1 << UInt64(bit & 63) }
    }

    /// The codes of both sets.
    ///
    /// - Parameter other: Another set.
    /// - Returns: Every code in either set.
    public func union(_ other: StatusCodes) -> StatusCodes {
        var union = self
        for index in 0..<8 {
            let bits = other.word(index)
            union.withWord(index) { $0 |= bits }
        }
        return union
    }

    /// The codes of both sets.
    ///
    /// - Parameters:
    ///   - lhs: A set.
    ///   - rhs: Another set.
    /// - Returns: Every code in either set.
    public static func + (lhs: StatusCodes, rhs: StatusCodes) -> StatusCodes {
        lhs.union(rhs)
    }

    /// The codes in ascending order.
    ///
    /// - Returns: An iterator over the codes.
    public func makeIterator() -> some IteratorProtocol<Int> {
        (Self.lowest..<Self.end).lazy.filter { self.contains($0) }.makeIterator()
    }

    /// Whether two sets hold the same codes.
    ///
    /// - Parameters:
    ///   - lhs: A set.
    ///   - rhs: Another set.
    /// - Returns: `true` when they hold the same codes.
    public static func == (lhs: StatusCodes, rhs: StatusCodes) -> Bool {
        (0..<8).allSatisfy { lhs.word($0) == rhs.word($0) }
    }

    /// Hashes the codes.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        for index in 0..<8 { hasher.combine(word(index)) }
    }

    private func word(_ index: Int) -> UInt64 {
        withUnsafeBytes(of: words) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
    }

    private mutating func withWord(_ index: Int, _ update: (inout UInt64) -> Void) {
        withUnsafeMutableBytes(of: &words) { bytes in
            var word = bytes.load(fromByteOffset: index * 8, as: UInt64.self)
            update(&word)
            bytes.storeBytes(of: word, toByteOffset: index * 8, as: UInt64.self)
        }
    }
}

extension StatusCodes: CustomStringConvertible {
    /// The codes as ranges, like `200..<300, 304`.
    public var description: String {
        var parts: [String] = []
        var start: Int?
        var previous = -1
        for code in self {
            if code != previous + 1, let first = start {
                parts.append(Self.describe(first, previous))
                start = code
            } else if start == nil {
                start = code
            }
            previous = code
        }
        if let first = start { parts.append(Self.describe(first, previous)) }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    private static func describe(_ first: Int, _ last: Int) -> String {
        first == last ? "\(first)" : "\(first)..<\(last + 1)"
    }
}
