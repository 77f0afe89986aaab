#if Demo
    import Courier
    import DemoAPI
    import DemoScenarios
    import Foundation
    import Synchronization
    import Testing

    /// `courier-demo`'s scenarios, as integration tests over every transport.
    @Suite("Demo scenarios")
    struct DemoScenarioTests {
        @Test(arguments: TransportKind.available, Scenario.all.indices)
        func scenarioBehavesAsExpected(_ kind: TransportKind, index: Int) async throws {
            let scenario = Scenario.all[index]
            try await DemoServer.withRunning { baseURL in
                let outcome = await scenario.run(DemoEnvironment(baseURL: baseURL, transport: kind.transport))
                #expect(
                    outcome.passed,
                    "seed \(scenario.seed) \(scenario.name) (\(scenario.style.rawValue)): \(outcome.detail)"
                )
            }
        }

        /// The report the demo prints hides the `key` of the return URL the first request carries in
        /// its query (`to=%2Fobserved%3Fkey%3D…`), as it hides the one of the request it redirects to.
        @Test(arguments: TransportKind.available)
        func theReportHidesTheKeyInTheReturnURL(_ kind: TransportKind) async throws {
            let scenario = try #require(Scenario.all.first { $0.name == "a call's report: redirect, refresh, retry" })
            try await DemoServer.withRunning { baseURL in
                let outcome = await scenario.run(DemoEnvironment(baseURL: baseURL, transport: kind.transport))
                let report = outcome.notes.joined(separator: "\n")
                #expect(report.contains("/redirect?to=%2Fobserved%3Fkey%3D<redacted>%26failures%3D1"), "\(report)")
                #expect(report.contains("/observed?key=<redacted>&failures=1"), "\(report)")
                #expect(!report.contains(/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-/), "\(report)")  // the key, a UUID
            }
        }

        /// A scenario that never finishes (it ignores cancellation) fails with its time limit, and
        /// the next one still runs: the demo names a hang rather than hanging.
        @Test(.timeLimit(.minutes(1))) func aScenarioThatHangsFailsAtItsTimeLimit() async throws {
            let held = HeldContinuation()
            let hangs = Scenario(seed: "new", name: "hangs", style: .asyncAwait) { _ in
                await withCheckedContinuation { held.keep($0) }
            }
            let quick = Scenario(seed: "new", name: "quick", style: .asyncAwait) { _ in .expected("done") }
            let environment = DemoEnvironment(baseURL: URL(string: "http://127.0.0.1:9")!)
            let results = await Scenario.runAll([hangs, quick], in: environment, timeLimit: .milliseconds(300))
            held.resume(.expected("released"))  // the hung scenario's task ends with the test
            #expect(results.map(\.outcome.passed) == [false, true])
            #expect(results[0].outcome.detail.contains("did not finish within"), "\(results[0].outcome.detail)")
            #expect(results[0].duration >= .milliseconds(300))
            #expect(results[0].duration < .seconds(30))
        }

        @Test func everySeedAndStyleIsCovered() {
            #expect(Set(Scenario.all.map(\.seed)) == ["000", "001", "002", "003", "004", "new"])
            #expect(Set(Scenario.all.map(\.style)) == Set(Scenario.Style.allCases))
        }

        @Test func reportShowsEachOutcomeAndTheVerdict() {
            let passing = Scenario(seed: "000", name: "passes", style: .asyncAwait) { _ in .expected("fine") }
            let failing = Scenario(seed: "001", name: "fails", style: .combine) { _ in .unexpected("broken") }
            let lines = Report.lines(for: [
                ScenarioResult(scenario: passing, outcome: .expected("fine"), duration: .milliseconds(12)),
                ScenarioResult(scenario: failing, outcome: .unexpected("broken"), duration: .milliseconds(3)),
            ])
            #expect(lines[1].hasPrefix("✓  000   passes"))
            #expect(lines[1].hasSuffix("12 ms"))
            #expect(lines[2].hasPrefix("✗  001   fails"))
            #expect(lines.last == "1 of 2 scenarios behaved as expected.")
        }
    }

    /// A continuation kept until the test resumes it (a scenario that never finishes by itself).
    private final class HeldContinuation: Sendable {
        private let continuation = Mutex<CheckedContinuation<Outcome, Never>?>(nil)

        func keep(_ continuation: CheckedContinuation<Outcome, Never>) {
            self.continuation.withLock { $0 = continuation }
        }

        func resume(_ outcome: Outcome) {
            continuation.withLock { held in
                held?.resume(returning: outcome)
                held = nil
            }
        }
    }
#endif
