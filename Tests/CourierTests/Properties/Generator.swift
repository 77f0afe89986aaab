import Foundation

/// A seeded random number generator (SplitMix64): the same seed gives the same numbers on every
/// platform and every run, so a failing property case can be replayed from its seed alone.
///
/// Each case of ``property(_:cases:sourceLocation:_:)`` gets one, seeded from
/// `COURIER_PROPERTY_SEED` when it is set and from a fixed default otherwise, so that CI runs the
/// same cases every time (``PropertySeeds``).
struct Seeded: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finalizer: spreads the bits of `value` over the whole word.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Seeded {
    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// `true` with the given probability.
    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    /// One of `elements`, which must not be empty.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(0...elements.count - 1)]
    }

    /// `count` bytes, any value.
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &self) }
    }

    /// Between `count.lowerBound` and `count.upperBound` bytes drawn from `alphabet`.
    mutating func bytes(_ count: ClosedRange<Int>, from alphabet: [UInt8]) -> [UInt8] {
        (0..<int(count)).map { _ in pick(alphabet) }
    }

    /// `bytes` cut at random places into chunks, some of them empty or a single byte, as a
    /// transport may deliver them.
    mutating func chunks(_ bytes: [UInt8]) -> [Data] {
        var chunks: [Data] = []
        var start = 0
        let largest = pick([1, 2, 3, 8, 64, max(1, bytes.count)])
        while start < bytes.count {
            let end = min(bytes.count, start + int(0...largest))
            chunks.append(Data(bytes[start..<end]))
            start = end
        }
        if chance(0.2) { chunks.insert(Data(), at: int(0...chunks.count)) }
        return chunks
    }
}
