#if Demo
    import Foundation

    /// What became of a run's calls: how many of each scenario started, and how each ended.
    struct Counts: Sendable {
        var started: [Scenario: Int] = [:]
        /// Per scenario, the calls that ended, by outcome label.
        var ended: [Scenario: [String: Int]] = [:]
        /// Per scenario, the calls that ended otherwise than the scenario must.
        var unexpected: [Scenario: Int] = [:]

        var totalStarted: Int { started.values.reduce(0, +) }
        var totalEnded: Int { ended.values.reduce(0) { $0 + $1.values.reduce(0, +) } }
        var totalUnexpected: Int { unexpected.values.reduce(0, +) }

        /// The calls of `scenario` that ended, whatever the outcome.
        func endedCount(of scenario: Scenario) -> Int {
            ended[scenario, default: [:]].values.reduce(0, +)
        }
    }

    /// Counts a run's calls as they start and end, from any task.
    // @unchecked Sendable: `counts` is only read and written while `lock` is held.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var counts = Counts()

        /// Counts a call of `scenario` as started, before it is made.
        func start(_ scenario: Scenario) {
            lock.withLock { counts.started[scenario, default: 0] += 1 }
        }

        /// Counts a call as ended.
        func record(_ outcome: Outcome) {
            lock.withLock {
                counts.ended[outcome.scenario, default: [:]][outcome.label, default: 0] += 1
                if !outcome.asExpected {
                    counts.unexpected[outcome.scenario, default: 0] += 1
                }
            }
        }

        /// The counts so far.
        var snapshot: Counts {
            lock.withLock { counts }
        }
    }
#endif
