import ArgumentParser
import Courier
import DemoAPI
import DemoScenarios
import Foundation

/// `courier-demo`: runs every seed scenario against the demo API.
@main
struct CourierDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "courier-demo",
        abstract: "Runs the seed articles' scenarios with Courier against an example API on loopback.",
        subcommands: [Demo.self, Serve.self, Run.self],
        defaultSubcommand: Demo.self
    )
}

/// Starts the demo API in-process, runs every scenario against it, and stops it.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start the demo API on 127.0.0.1, run every scenario against it, and stop (the default)."
    )

    func run() async throws {
        let passed = try await DemoServer.withRunning { baseURL in
            await runScenarios(against: baseURL)
        }
        if !passed { throw ExitCode.failure }
    }
}

/// Runs only the demo API.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run only the demo API on 127.0.0.1, until interrupted.")

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    func run() async throws {
        try await DemoServer.run(port: port) { port in
            let line = "Demo API listening on \(DemoServer.baseURL(port: port).absoluteString)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }
}

/// Runs the scenarios against a server already running.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the scenarios against a demo API already running.")

    @Option(name: .customLong("base-url"), help: "The demo API's base URL, like http://127.0.0.1:8080.")
    var baseURL: String

    func run() async throws {
        guard let url = URL(string: baseURL), url.scheme != nil, url.host != nil else {
            throw ValidationError("'\(baseURL)' is not an absolute URL.")
        }
        if !(await runScenarios(against: url)) { throw ExitCode.failure }
    }
}

/// Runs every scenario against `baseURL`, prints the report, and says whether all passed.
func runScenarios(against baseURL: URL) async -> Bool {
    print("Courier demo against \(baseURL.absoluteString)\n")
    let results = await Scenario.runAll(in: DemoEnvironment(baseURL: baseURL))
    for line in Report.lines(for: results) {
        print(line)
    }
    return results.allSatisfy(\.outcome.passed)
}
