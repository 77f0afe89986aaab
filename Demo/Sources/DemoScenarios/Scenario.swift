#if Demo
    package import Courier
    package import Foundation

    /// One of the seeds' scenarios: a call made the way its seed makes it, and what should happen.
    package struct Scenario: Sendable {
        /// How the scenario calls the API.
        package enum Style: String, Sendable, CaseIterable {
            case asyncAwait = "async/await"
            case combine = "Combine"
            case combineSink = "Combine sink"
            case completionHandler = "completion handler"
            case target = "enum target"
        }

        /// The seed article it comes from, like `000`, or `new` for what no seed does (streams).
        package let seed: String
        /// What it does.
        package let name: String
        /// How it calls the API.
        package let style: Style
        /// Runs it; the outcome says whether it behaved as expected.
        package let run: @Sendable (DemoEnvironment) async -> Outcome

        /// Creates a scenario.
        package init(
            seed: String, name: String, style: Style, run: @escaping @Sendable (DemoEnvironment) async -> Outcome
        ) {
            self.seed = seed
            self.name = name
            self.style = style
            self.run = run
        }
    }

    /// Where scenarios send their calls.
    package struct DemoEnvironment: Sendable {
        /// The demo server's base URL.
        package var baseURL: URL
        /// The transport to use.
        package var transport: any Transport
        /// The demo program (`courier-demo-app`; `courier-demo` is only its launcher), which the
        /// outbox scenario runs as its child processes: by default the one beside the running
        /// program (itself, or a test bundle).
        package var demoExecutable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appending(path: "courier-demo-app")

        /// Creates an environment.
        package init(baseURL: URL, transport: any Transport = APIClient.defaultTransport) {
            self.baseURL = baseURL
            self.transport = transport
        }

        /// A client for the demo server with `interceptors`.
        package func client(_ interceptors: [any Interceptor] = []) -> APIClient {
            APIClient(baseURL: baseURL, transport: transport, interceptors: interceptors)
        }
    }

    /// Whether a scenario behaved as expected, and a short account of what happened.
    package struct Outcome: Sendable {
        /// Whether it behaved as expected.
        package var passed: Bool
        /// What happened, in a few words.
        package var detail: String
        /// Longer text the demo prints under its table, such as a call's report.
        package var notes: [String] = []

        /// It behaved as expected.
        package static func expected(_ detail: String) -> Outcome { Outcome(passed: true, detail: detail) }

        /// It did not.
        package static func unexpected(_ detail: String) -> Outcome { Outcome(passed: false, detail: detail) }

        /// An unexpected error.
        package static func failed(_ error: any Error) -> Outcome { Outcome(passed: false, detail: "\(error)") }
    }

    /// A scenario's outcome and how long it took.
    package struct ScenarioResult: Sendable {
        /// The scenario.
        package let scenario: Scenario
        /// What happened.
        package let outcome: Outcome
        /// How long it took.
        package let duration: Duration

        /// Creates a result.
        package init(scenario: Scenario, outcome: Outcome, duration: Duration) {
            self.scenario = scenario
            self.outcome = outcome
            self.duration = duration
        }
    }

    extension Scenario {
        /// Every scenario, in seed order, then the ones no seed has.
        package static let all: [Scenario] =
            Seed000.scenarios + Seed001.scenarios + Seed002.scenarios + Seed003.scenarios + Seed004.scenarios
            + StreamScenarios.scenarios + CacheScenarios.scenarios + ObservabilityScenarios.scenarios
            + OpenAPIScenarios.scenarios + OutboxScenarios.scenarios + LiveScenarios.scenarios

        /// Runs the scenarios one after another and returns their results.
        ///
        /// A scenario that has not finished within `timeLimit` fails ("did not finish within …"),
        /// is cancelled and left behind, and the next one starts: a scenario that hangs is named
        /// in the report rather than hanging the demo (and CI's run of it) with no word of which.
        package static func runAll(
            _ scenarios: [Scenario] = all, in environment: DemoEnvironment, timeLimit: Duration = .seconds(60)
        ) async -> [ScenarioResult] {
            var results: [ScenarioResult] = []
            for scenario in scenarios {
                let started = ContinuousClock.now
                let outcome = await scenario.run(in: environment, within: timeLimit)
                results.append(
                    ScenarioResult(scenario: scenario, outcome: outcome, duration: started.duration(to: .now)))
            }
            return results
        }

        /// Runs the scenario in a task of its own; its outcome, or a failure once `timeLimit` has
        /// passed (the scenario's task is then cancelled, and not awaited).
        func run(in environment: DemoEnvironment, within timeLimit: Duration) async -> Outcome {
            let decided = Locked<CheckedContinuation<Outcome, Never>?>(nil)
            /// Resumes the caller with the first outcome to arrive; says whether this one was first.
            @Sendable func decide(_ outcome: Outcome) -> Bool {
                let first = decided.withLock { waiting in
                    defer { waiting = nil }
                    return waiting
                }
                guard let first else { return false }
                first.resume(returning: outcome)
                return true
            }
            let timer = Locked<Task<Void, Never>?>(nil)
            return await withCheckedContinuation { continuation in
                decided.withLock { $0 = continuation }
                let work = Task { [run] in
                    _ = decide(await run(environment))
                    timer.withLock { $0?.cancel() }
                }
                let limit = Task {
                    guard (try? await Task.sleep(for: timeLimit)) != nil else { return }
                    if decide(.unexpected("did not finish within \(timeLimit) (cancelled)")) { work.cancel() }
                }
                timer.withLock { $0 = limit }
            }
        }
    }
#endif
