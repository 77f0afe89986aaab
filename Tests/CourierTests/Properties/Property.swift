import Foundation
import Testing

/// How property tests choose their cases.
///
/// Every case runs with its own seed. Case 0's seed is the base seed: `COURIER_PROPERTY_SEED`
/// (decimal) when it is set, else ``defaultSeed``, so that CI runs the same cases on every run.
/// Case `n`'s seed is mixed from the base seed and `n`. A failing case records its seed; running
/// again with `COURIER_PROPERTY_SEED=<seed>` replays that case first (then explores from there;
/// add `COURIER_PROPERTY_CASES=1` to run it alone).
///
/// Two more variables help when hunting: `COURIER_PROPERTY_CASES=<n>` runs `n` cases of every
/// property instead of its own number (a soak run), and `COURIER_PROPERTY_TRACE=1` prints each
/// seed before its case runs, so that the last seed printed names a case that crashed.
enum PropertySeeds {
    /// The base seed when `COURIER_PROPERTY_SEED` is not set.
    static let defaultSeed: UInt64 = 20_260_429

    static let base: UInt64 = environment("COURIER_PROPERTY_SEED").flatMap { UInt64($0) } ?? defaultSeed
    static let cases: Int? = environment("COURIER_PROPERTY_CASES").flatMap { Int($0) }
    static let traces = environment("COURIER_PROPERTY_TRACE") != nil

    /// The seed of case `index`.
    static func seed(ofCase index: Int) -> UInt64 {
        index == 0 ? base : Seeded.mix(base ^ Seeded.mix(UInt64(index)))
    }

    private static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name]
    }
}

/// Checks that `body` holds for `cases` random cases (see ``PropertySeeds``).
///
/// `body` draws its input from the generator it is given and checks what must hold with
/// `try #require`, which throws: the first case that fails (or throws anything else) ends the
/// property with an issue naming its seed.
///
/// The cases run one after the other, yielding every millisecond: thousands of them would
/// otherwise hold a thread of the cooperative pool (one per core) for seconds, and hold up the
/// other tests running beside them, those that time a deadline among them.
///
/// - Parameters:
///   - name: What must hold, for the issue.
///   - cases: How many cases to run.
///   - sourceLocation: Where the issue of a failing case points.
///   - body: One case.
func property(
    _ name: String, cases: Int, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout Seeded) async throws -> Void
) async {
    var lastYield = ContinuousClock.now
    for index in 0..<(PropertySeeds.cases ?? cases) {
        let seed = PropertySeeds.seed(ofCase: index)
        if PropertySeeds.traces { print("\(name): seed \(seed)") }
        var generator = Seeded(seed: seed)
        do {
            try await body(&generator)
        } catch {
            recordFailure(name, seed: seed, index: index, error: error, sourceLocation: sourceLocation)
            return
        }
        if lastYield.duration(to: .now) > .milliseconds(1) {
            await Task.yield()
            lastYield = .now
        }
    }
}

private func recordFailure(_ name: String, seed: UInt64, index: Int, error: any Error, sourceLocation: SourceLocation) {
    // A `#require` that failed has recorded its own issue, with the values it compared.
    let reason = error is ExpectationFailedError ? "the expectation above failed" : "it threw \(error)"
    let message =
        "Property \"\(name)\" failed in case \(index), seed \(seed): \(reason). "
        + "Replay it first with COURIER_PROPERTY_SEED=\(seed)."
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
