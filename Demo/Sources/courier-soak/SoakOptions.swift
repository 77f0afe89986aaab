#if Demo
    /// The command line: `courier-soak [calls] [--warm-up N] [--in-flight N] [--settle-ms N]
    /// [--transport asyncHTTPClient|urlSession] [--only SCENARIO]`.
    struct SoakOptions: Sendable {
        /// Calls per transport, after the warm-up.
        var calls = 10_000
        /// Calls per transport before the first reading.
        var warmUp = 500
        /// Calls in flight at once.
        var inFlight = 16
        /// How long to let pools and the server's handlers settle before each reading, in
        /// milliseconds: longer than the longest route the soak calls (two seconds).
        var settleMilliseconds = 3000
        /// The transports, in order.
        var transports = SoakTransport.allCases
        /// One scenario instead of the mix, to find which one a leak comes from.
        var only: Scenario?

        static let usage = """
            usage: courier-soak [calls per transport, default 10000] [--warm-up N, default 500] \
            [--in-flight N, default 16] [--settle-ms N, default 3000] [--transport asyncHTTPClient|urlSession] \
            [--only success|retried|refreshed|timeout|cancelled|cutShort|capped]
            """

        /// Parses the arguments; `nil` when they make no sense.
        init?(arguments: [String]) {
            var arguments = arguments[...]
            var chosen: [SoakTransport] = []
            while let argument = arguments.popFirst() {
                switch argument {
                case "--warm-up", "--in-flight", "--settle-ms":
                    guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 0 else { return nil }
                    switch argument {
                    case "--warm-up": warmUp = value
                    case "--in-flight": inFlight = max(1, value)
                    default: settleMilliseconds = value
                    }
                case "--transport":
                    guard let transport = arguments.popFirst().flatMap(SoakTransport.init(rawValue:)) else {
                        return nil
                    }
                    chosen.append(transport)
                case "--only":
                    let name = arguments.popFirst()
                    guard let scenario = Scenario.allCases.first(where: { "\($0)" == name }) else { return nil }
                    only = scenario
                default:
                    guard let value = Int(argument), value > 0 else { return nil }
                    calls = value
                }
            }
            if !chosen.isEmpty { transports = chosen }
        }

        /// Call number `call`'s scenario.
        func scenario(of call: Int) -> Scenario {
            only ?? Scenario.of(call: call)
        }
    }
#endif
