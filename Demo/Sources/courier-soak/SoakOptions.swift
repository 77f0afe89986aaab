/// The command line: `courier-soak [calls] [--warm-up N] [--in-flight N] [--settle-ms N]
/// [--transport asyncHTTPClient|urlSession]`.
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

    static let usage = """
        usage: courier-soak [calls per transport, default 10000] [--warm-up N, default 500] \
        [--in-flight N, default 16] [--settle-ms N, default 3000] [--transport asyncHTTPClient|urlSession]
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
                guard let transport = arguments.popFirst().flatMap(SoakTransport.init(rawValue:)) else { return nil }
                chosen.append(transport)
            default:
                guard let value = Int(argument), value > 0 else { return nil }
                calls = value
            }
        }
        if !chosen.isEmpty { transports = chosen }
    }
}
