public import HTTPTypes

/// A set of HTTP statuses, such as the ones a request accepts or a retry policy retries: Courier's
/// one vocabulary for them, beside `HTTPResponse.Status` for a single status.
///
/// Write it as an array literal of statuses (by name or by code), as a class of statuses, or as a
/// union:
///
/// ```swift
/// var acceptableStatusCodes: StatusCodes { .successful + [.notModified] }  // 2xx or 304
/// let policy = RetryPolicy(retryableStatusCodes: [429, 503])
/// let anyAnswer: StatusCodes = .successful + .redirection + .clientError
/// ```
///
/// Statuses from 100 to 599 are stored in a fixed bit set, so `contains` costs a shift and a mask.
/// Statuses outside that range are never members.
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

    /// The statuses of a sequence; those outside 100...599 are left out.
    ///
    /// - Parameter statuses: The statuses, such as `[.ok, .notModified]`.
    public init(_ statuses: some Sequence<HTTPResponse.Status>) {
        self.init()
        for status in statuses { insert(status) }
    }

    /// The statuses of an array literal: `[.ok, .notModified]`, or by code, `[200, 304]`.
    ///
    /// - Parameter statuses: The statuses.
    public init(arrayLiteral statuses: HTTPResponse.Status...) {
        self.init(statuses)
    }

    /// The statuses whose codes are in `range`.
    private init(codes range: Range<Int>) {
        self.init()
        for code in range { insert(code: code) }
    }

    /// `1xx`: every informational status.
    public static let informational = StatusCodes(codes: 100..<200)

    /// `2xx`: every successful status.
    public static let successful = StatusCodes(codes: 200..<300)

    /// `3xx`: every redirection status.
    public static let redirection = StatusCodes(codes: 300..<400)

    /// `4xx`: every client error status.
    public static let clientError = StatusCodes(codes: 400..<500)

    /// `5xx`: every server error status.
    public static let serverError = StatusCodes(codes: 500..<600)

    /// Whether the set holds a status.
    ///
    /// - Parameter status: A response status.
    /// - Returns: `true` when it is a member.
    public func contains(_ status: HTTPResponse.Status) -> Bool {
        let code = status.code
        guard code >= Self.lowest, code < Self.end else { return false }
        let bit = code - Self.lowest
        return word(bit >> 6) & (1 << UInt64(bit & 63)) != 0
    }

    /// Adds a status; one outside 100...599 is ignored.
    ///
    /// - Parameter status: A response status.
    public mutating func insert(_ status: HTTPResponse.Status) {
        insert(code: status.code)
    }

    private mutating func insert(code: Int) {
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

    /// The statuses in ascending order.
    ///
    /// - Returns: An iterator over the statuses.
    public func makeIterator() -> some IteratorProtocol<HTTPResponse.Status> {
        (Self.lowest..<Self.end).lazy.map { HTTPResponse.Status(code: $0) }.filter { self.contains($0) }
            .makeIterator()
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
        for status in self {
            let code = status.code
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

extension StatusCodes {
    /// The codes as runs of consecutive codes, lowest first: how a store keeps a set (the
    /// outbox's journal keeps `2xx` as one run).
    package var codeRuns: [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var start: Int?
        for index in 0..<8 {
            let bits = word(index)
            let first = Self.lowest + index * 64
            // A word of no codes ends a run; a word of every code goes on with one.
            if bits == 0 || (bits == .max && start != nil) {
                if bits == 0, let open = start {
                    runs.append(open...(first - 1))
                    start = nil
                }
                continue
            }
            for bit in 0..<64 {
                let member = bits & (1 << UInt64(bit)) != 0
                if member, start == nil { start = first + bit }
                if !member, let open = start {
                    runs.append(open...(first + bit - 1))
                    start = nil
                }
            }
        }
        if let open = start { runs.append(open...(Self.end - 1)) }
        return runs
    }

    /// The codes of runs of consecutive codes (``codeRuns``); those outside 100...599 are left out.
    ///
    /// - Parameter runs: The runs.
    package init(codeRuns runs: [ClosedRange<Int>]) {
        self.init()
        for run in runs {
            let lower = Swift.max(run.lowerBound, Self.lowest) - Self.lowest
            let upper = Swift.min(run.upperBound, Self.end - 1) - Self.lowest
            var bit = lower
            while bit <= upper {  // a mask per word the run covers
                let index = bit >> 6
                let first = bit & 63
                let width = Swift.min(upper, index * 64 + 63) - bit + 1
                let ones: UInt64 = width == 64 ? .max : (1 << UInt64(width)) - 1
                withWord(index) { $0 |= ones << UInt64(first) }
                bit = (index + 1) * 64
            }
        }
    }
}
