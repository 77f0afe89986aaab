#if Demo
    import Courier
    import DemoAPI
    import Foundation

    /// Beyond the seeds: the outbox — calls enqueued in one process while the server is down, then
    /// delivered once each by the next process, after the server comes up.
    enum OutboxScenarios {
        static let scenarios = [
            Scenario(seed: "new", name: "outbox: enqueued offline, restarted, delivered once", style: .asyncAwait) {
                environment in
                do {
                    return try await run(environment)
                } catch {
                    return .failed(error)
                }
            }
        ]

        /// What `GET /outbox/ledger` lists.
        struct Record: Decodable, Sendable {
            var key: String
            var order: Int?
            var arrivals: Int
        }

        struct LedgerRequest: APIRequest {
            typealias Response = [Record]
            var method: HTTPRequest.Method { .get }
            var path: String { "/outbox/ledger" }
        }

        static func run(_ environment: DemoEnvironment) async throws -> Outcome {
            let folder = FileManager.default.temporaryDirectory.appending(
                path: "courier-demo-outbox-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            // A port with nothing listening on it yet: the server's, once it comes up.
            let port = try await DemoServer.withRunning { $0.port ?? 0 }
            let baseURL = "http://127.0.0.1:\(port)"
            let transport = environment.transport is URLSessionTransport ? "urlSession" : "asyncHTTPClient"
            let common = ["outbox-child", "--store", folder.path, "--base-url", baseURL, "--transport", transport]
            // The first process: the server is down.
            let first = try await ChildRun.run(environment.demoExecutable, arguments: common + ["--enqueue", "3"])
            let keys = first.lines.compactMap { $0.hasPrefix("key ") ? String($0.dropFirst(4)) : nil }
            // The next process, with the server up on that port.
            let (second, ledger) = try await DemoServer.withRunning(port: port) { url in
                let second = try await ChildRun.run(environment.demoExecutable, arguments: common + ["--drain"])
                let ledger = try await APIClient(baseURL: url, transport: environment.transport).send(LedgerRequest())
                return (second, ledger)
            }
            let delivered = second.lines.filter { $0.hasPrefix("delivered") }.count
            let actedOnce = ledger.filter { $0.order != nil && keys.contains($0.key) }
            let arrivals = ledger.map(\.arrivals).reduce(0, +)
            let summary =
                "down: \(keys.count) enqueued; restarted, up: \(delivered) delivered, \(actedOnce.count) keys acted once"
            let notes =
                ["process 1 (server down):"] + first.lines.map { "  " + $0 } + ["process 2 (server up):"]
                + second.lines.map { "  " + $0 } + [
                    "server: \(actedOnce.count) keys acted on, \(arrivals) requests in all"
                ]
            let expected =
                keys.count == 3 && Set(keys).count == 3 && delivered == 3 && actedOnce.count == 3 && ledger.count == 3
                && ledger.allSatisfy { $0.arrivals == 1 }
            var outcome: Outcome = expected ? .expected(summary) : .unexpected(summary)
            outcome.notes = notes
            return outcome
        }
    }

    /// A child process's output.
    struct ChildRun {
        var lines: [String]

        struct Failure: Error, CustomStringConvertible {
            var description: String
        }

        /// Runs `executable` and returns its lines; fails when it exits with another status than 0.
        static func run(_ executable: URL, arguments: [String]) async throws -> ChildRun {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Read and wait on a thread of its own, not one of the cooperative pool's.
            let text = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
                DispatchQueue.global().async {
                    let data = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    done.resume(returning: String(decoding: data, as: UTF8.self))
                }
            }
            let lines = text.split(separator: "\n").map(String.init)
            guard process.terminationStatus == 0 else {
                throw Failure(
                    description: "\(executable.lastPathComponent) \(arguments.first ?? "") exited with "
                        + "\(process.terminationStatus): \(lines.joined(separator: " / "))")
            }
            return ChildRun(lines: lines)
        }
    }
#endif
