extension Seeded {
    /// Scalars a text is drawn from, by weight: mostly ASCII, with controls, Latin-1, combining
    /// marks, right-to-left and CJK letters, and characters outside the Basic Multilingual Plane.
    private static let scalarRanges: [(weight: Int, range: ClosedRange<UInt32>)] = [
        (8, 0x20...0x7E),  // printable ASCII
        (1, 0x00...0x1F),  // C0 controls, NUL, CR and LF among them
        (1, 0x7F...0xFF),  // DEL, C1 controls, Latin-1
        (1, 0x300...0x36F),  // combining diacritical marks
        (1, 0x5D0...0x5EA),  // Hebrew
        (1, 0x4E00...0x4E80),  // CJK
        (1, 0xFEFF...0xFEFF),  // the byte order mark
        (1, 0x1F300...0x1F64F),  // emoji
    ]

    private static let totalWeight = scalarRanges.reduce(0) { $0 + $1.weight }

    /// One scalar from ``scalarRanges``.
    mutating func scalar() -> Unicode.Scalar {
        var roll = int(1...Self.totalWeight)
        for (weight, range) in Self.scalarRanges {
            roll -= weight
            if roll <= 0 { return Unicode.Scalar(UInt32.random(in: range, using: &self))! }
        }
        return "?"
    }

    /// A text of `length` scalars from ``scalar()``, or from `alphabet` when given.
    mutating func text(_ length: ClosedRange<Int>, from alphabet: [Unicode.Scalar]? = nil) -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<int(length) {
            text.append(alphabet.map { pick($0) } ?? scalar())
        }
        return String(text)
    }

    /// A text of `length` scalars from ``scalar()`` without any of `excluded`.
    mutating func text(_ length: ClosedRange<Int>, excluding excluded: Set<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        var count = int(length)
        while count > 0 {
            let next = scalar()
            guard !excluded.contains(next) else { continue }
            text.append(next)
            count -= 1
        }
        return String(text)
    }

    /// `text` with each ASCII letter's case chosen at random.
    mutating func randomCase(_ text: String) -> String {
        String(text.map { chance(0.5) ? Character($0.uppercased()) : Character($0.lowercased()) })
    }

    /// Optional whitespace: nothing, spaces or tabs.
    mutating func whitespace(_ tabs: Bool = true) -> String {
        text(0...2, from: tabs ? [" ", "\t"] : [" "])
    }

    /// The `tchar`s of RFC 9110 (section 5.6.2), the characters of a token.
    static let tokenCharacters: [Unicode.Scalar] = Array(
        "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)

    /// An RFC 9110 token.
    mutating func token(_ length: ClosedRange<Int> = 1...8) -> String {
        text(length, from: Self.tokenCharacters)
    }
}
