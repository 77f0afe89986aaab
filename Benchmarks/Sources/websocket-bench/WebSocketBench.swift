import Foundation

/// `websocket-bench [--round-trips N] [--burst M] [--rounds R] [--warm-up W]`
///
/// Courier's WebSockets over `AsyncHTTPClientTransport` against the transport under them, SwiftNIO
/// used directly (``RawClient``), both against one echo server in this process (``EchoServer``,
/// NIO's server upgrader on an event loop of its own, 127.0.0.1). Each client sends
/// `{"id":N,"text":"hello"}` in text frames, encoded with a `JSONEncoder` and each echo decoded with
/// a `JSONDecoder`.
///
/// For each client, on a connection of its own per round, after W messages of warm-up each:
/// - ping-pong: N round trips, one message in flight: round trips per second, p50 and p99;
/// - burst: M messages sent by one task while another receives them: messages per second each way
///   (sent: until the last send returned; received: until the last echo was decoded).
///
/// The clients take turns, their order alternating (courier, raw; raw, courier; …), for R rounds.
/// Prints a line per measurement, each round's ratios, and a table of the medians over the rounds
/// with the median of the rounds' ratios, Courier ÷ raw. CPU µs per message is the whole
/// process's (the server's share included, the same for both clients).
@main
enum WebSocketBench {
    /// Runs in a detached task, off the main actor: `withWebSocket`'s closure runs on its caller's
    /// actor, which would add a hop to the main thread to every Courier message.
    static func main() {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                try await run()
            } catch {
                FileHandle.standardError.write(Data("websocket-bench: \(error)\n".utf8))
                exit(1)
            }
            done.signal()
        }
        done.wait()
        exit(0)
    }

    static func run() async throws {
        var options = ["round-trips": 20_000, "burst": 100_000, "rounds": 3, "warm-up": 1_000]
        var arguments = CommandLine.arguments.dropFirst()
        while let name = arguments.popFirst() {
            guard name.hasPrefix("--"), options[String(name.dropFirst(2))] != nil,
                let value = arguments.popFirst().flatMap({ Int($0) }), value > 0
            else {
                FileHandle.standardError.write(
                    Data("usage: websocket-bench [--round-trips N] [--burst M] [--rounds R] [--warm-up W]\n".utf8))
                exit(2)
            }
            options[String(name.dropFirst(2))] = value
        }
        let plan = Plan(roundTrips: options["round-trips"]!, burst: options["burst"]!, warmUp: options["warm-up"]!)
        let rounds = options["rounds"]!

        let server = try await EchoServer.start()
        print(
            "echo server on 127.0.0.1:\(server.port); \(plan.roundTrips) round trips, bursts of \(plan.burst), "
                + "\(plan.warmUp) messages of warm-up before each, \(rounds) rounds")
        var figures: [String: [Figures]] = ["courier": [], "raw": []]
        for round in 1...rounds {
            let order = round % 2 == 1 ? ["courier", "raw"] : ["raw", "courier"]
            for name in order {
                let result =
                    name == "courier"
                    ? try await CourierClient.run(port: server.port, plan: plan)
                    : try await RawClient.run(port: server.port, plan: plan)
                figures[name]!.append(result)
                report(result, client: name, round: round, of: rounds, plan: plan)
            }
            let (courier, raw) = (figures["courier"]!.last!, figures["raw"]!.last!)
            print(
                "round \(round)/\(rounds) courier ÷ raw: "
                    + Metric.all.map { "\($0.name) \(format($0.value(courier, plan) / $0.value(raw, plan), "%.2f"))×" }
                    .joined(separator: ", "))
        }
        try await server.stop()

        print("")
        print(
            "| \(plan.roundTrips) round trips, bursts of \(plan.burst), medians of \(rounds) rounds | Courier | raw SwiftNIO | Courier ÷ raw |"
        )
        print("|---|---:|---:|---:|")
        for metric in Metric.all {
            let courier = figures["courier"]!.map { metric.value($0, plan) }
            let raw = figures["raw"]!.map { metric.value($0, plan) }
            let ratios = zip(courier, raw).map { $0 / $1 }
            print(
                "| \(metric.name) | \(format(median(courier), metric.format)) | \(format(median(raw), metric.format)) "
                    + "| \(format(median(ratios), "%.2f"))× |")
        }
    }

    /// A figure of one client's round.
    struct Metric: Sendable {
        var name: String
        var format: String
        var value: @Sendable (Figures, Plan) -> Double

        static let all = [
            Metric(name: "ping-pong msgs/s", format: "%.0f") { Double($1.roundTrips) / $0.pingPongSeconds },
            Metric(name: "ping-pong p50 µs", format: "%.1f") { figures, _ in
                Exercise.percentile(figures.latencies, 0.50) * 1e6
            },
            Metric(name: "ping-pong p99 µs", format: "%.1f") { figures, _ in
                Exercise.percentile(figures.latencies, 0.99) * 1e6
            },
            Metric(name: "ping-pong CPU µs/msg", format: "%.1f") {
                $0.pingPongCPUSeconds / Double($1.roundTrips) * 1e6
            },
            Metric(name: "burst sent msgs/s", format: "%.0f") { Double($1.burst) / $0.burstSendSeconds },
            Metric(name: "burst received msgs/s", format: "%.0f") { Double($1.burst) / $0.burstReceiveSeconds },
            Metric(name: "burst CPU µs/msg", format: "%.1f") { $0.burstCPUSeconds / Double($1.burst) * 1e6 },
        ]
    }

    static func report(_ figures: Figures, client: String, round: Int, of rounds: Int, plan: Plan) {
        let value = { (name: String) in
            let metric = Metric.all.first { $0.name == name }!
            return format(metric.value(figures, plan), metric.format)
        }
        let label = "round \(round)/\(rounds) \(client.padding(toLength: 7, withPad: " ", startingAt: 0))"
        print(
            "\(label) ping-pong: \(value("ping-pong msgs/s")) msgs/s, p50 \(value("ping-pong p50 µs")) µs, "
                + "p99 \(value("ping-pong p99 µs")) µs, CPU \(value("ping-pong CPU µs/msg")) µs/msg")
        print(
            "\(label) burst:     sent \(value("burst sent msgs/s")) msgs/s, received \(value("burst received msgs/s")) "
                + "msgs/s, CPU \(value("burst CPU µs/msg")) µs/msg")
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func format(_ value: Double, _ format: String) -> String {
        String(format: format, value)
    }
}
