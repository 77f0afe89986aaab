#if Demo
    import ArgumentParser
    import AsyncHTTPClient
    import Courier
    import DemoAPI
    import DemoScenarios
    import Foundation
    import NIOSSL

    /// `courier-demo`: runs every seed scenario against the demo API.
    @main
    struct CourierDemo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "courier-demo",
            abstract: "Runs the seed articles' scenarios with Courier against an example API on loopback.",
            subcommands: [Demo.self, Serve.self, Run.self, OutboxChildCommand.self],
            defaultSubcommand: Demo.self
        )
    }

    /// Starts the demo API in-process, runs every scenario against it, and stops it.
    struct Demo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start the demo API on 127.0.0.1, run every scenario against it, and stop (the default)."
        )

        @Flag(help: "Serve and call over HTTPS, with a certificate authority made for this run.")
        var https = false

        func run() async throws {
            guard https else {
                let passed = try await DemoServer.withRunning { baseURL in
                    await runScenarios(against: baseURL)
                }
                if !passed { throw ExitCode.failure }
                return
            }
            let (tls, authority) = try DemoTLS.makeWithAuthority()
            let passed = try await DemoServer.withRunning(tls: tls) { baseURL in
                try await withTransport(trusting: [authority.certificate]) { transport in
                    await runScenarios(against: baseURL, transport: transport)
                }
            }
            if !passed { throw ExitCode.failure }
        }
    }

    /// Runs only the demo API.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run only the demo API on 127.0.0.1, until interrupted.")

        @Option(help: "The port to listen on; 0 picks a free one.")
        var port = 8080

        @Option(
            name: .customLong("https-ca-out"),
            help: "Serve HTTPS, with a certificate authority made for this run, written to this file in PEM.")
        var certificateAuthorityOut: String?

        func run() async throws {
            var tls: DemoTLS?
            if let certificateAuthorityOut {
                let (settings, authority) = try DemoTLS.makeWithAuthority()
                try Data(authority.certificatePEM.utf8).write(to: URL(fileURLWithPath: certificateAuthorityOut))
                tls = settings
            }
            try await DemoServer.run(port: port, tls: tls) { [secure = tls != nil] port in
                let line = "Demo API listening on \(DemoServer.baseURL(port: port, secure: secure).absoluteString)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
        }
    }

    /// Runs the scenarios against a server already running.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the scenarios against a demo API already running.")

        @Option(name: .customLong("base-url"), help: "The demo API's base URL, like http://127.0.0.1:8080.")
        var baseURL: String

        @Option(
            name: .customLong("https-ca"),
            help: "A PEM file of a certificate authority to trust for an https base URL (as from serve --https-ca-out)."
        )
        var certificateAuthority: String?

        func run() async throws {
            guard let url = URL(string: baseURL), url.scheme != nil, url.host != nil else {
                throw ValidationError("'\(baseURL)' is not an absolute URL.")
            }
            guard let certificateAuthority else {
                if !(await runScenarios(against: url)) { throw ExitCode.failure }
                return
            }
            let roots = try NIOSSLCertificate.fromPEMFile(certificateAuthority)
            let passed = try await withTransport(trusting: roots) { transport in
                await runScenarios(against: url, transport: transport)
            }
            if !passed { throw ExitCode.failure }
        }
    }

    /// The outbox scenario's child process (not for people: the scenario runs it).
    struct OutboxChildCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "outbox-child", abstract: "The outbox scenario's child process.", shouldDisplay: false)

        @Option var store: String
        @Option(name: .customLong("base-url")) var baseURL: String
        @Option var transport = "asyncHTTPClient"
        @Option var enqueue: Int?
        @Flag var drain = false

        func run() async throws {
            guard let url = URL(string: baseURL) else { throw ValidationError("'\(baseURL)' is not a URL.") }
            let transport: any Transport =
                transport == "urlSession" ? URLSessionTransport.shared : AsyncHTTPClientTransport.shared
            let status = await OutboxDemoChild.run(
                store: store, baseURL: url, transport: transport, enqueue: enqueue, drain: drain)
            if status != 0 { throw ExitCode(status) }
        }
    }

    /// Runs every scenario against `baseURL`, prints the report, and says whether all passed.
    func runScenarios(against baseURL: URL, transport: any Transport = APIClient.defaultTransport) async -> Bool {
        print("Courier demo against \(baseURL.absoluteString)\n")
        let results = await Scenario.runAll(in: DemoEnvironment(baseURL: baseURL, transport: transport))
        for line in Report.lines(for: results) {
            print(line)
        }
        return results.allSatisfy(\.outcome.passed)
    }

    /// Runs `body` with an `AsyncHTTPClientTransport` that trusts `roots` (and not the system's
    /// authorities) and verifies every certificate and host name, and shuts it down after.
    func withTransport<Result: Sendable>(
        trusting roots: [NIOSSLCertificate],
        _ body: (AsyncHTTPClientTransport) async throws -> Result
    ) async throws -> Result {
        var configuration = AsyncHTTPClientTransport.recommendedConfiguration
        var tls = AsyncHTTPClientTransport.recommendedTLSConfiguration
        tls.trustRoots = .certificates(roots)
        configuration.tlsConfiguration = tls
        let transport = AsyncHTTPClientTransport(configuration: configuration)
        let outcome: Swift.Result<Result, any Error>
        do {
            outcome = .success(try await body(transport))
        } catch {
            outcome = .failure(error)
        }
        try await transport.shutdown()
        return try outcome.get()
    }
#else
    import Foundation

    /// Built without the `Demo` trait, which brings the example API's server: says how to run it.
    @main
    enum CourierDemo {
        static func main() {
            FileHandle.standardError.write(Data("Built without the Demo trait: run `swift run courier-demo`.\n".utf8))
            exit(1)
        }
    }
#endif
