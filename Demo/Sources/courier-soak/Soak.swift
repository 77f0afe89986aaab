#if Demo
    import Foundation

    /// `courier-soak [calls] [--warm-up N] [--in-flight N] [--settle-ms N] [--transport …] [--only …]`:
    /// a soak, as a program rather than a timed test (issue 29).
    ///
    /// For each transport in turn (`AsyncHTTPClientTransport`, then `URLSessionTransport`), against
    /// the demo API started in-process on 127.0.0.1 (a server of its own per transport, no
    /// internet), it makes `calls` calls (10,000 by default) mixing every way a call ends (see
    /// ``Scenario``): successes; 503s retried by `RetryInterceptor`; bearer tokens that live two
    /// seconds, refreshed by `RefreshingAuthorizationInterceptor` before a request or after a `401`;
    /// timeouts; cancellations mid-call; bodies cut short by the server dropping the connection; and
    /// bodies over `maximumBodySize`; 16 calls in flight. It first warms up (500 calls of the same
    /// mix) and lets the pools and the server's handlers settle, then reads the resident memory
    /// (`VmRSS`), the open file descriptors and the TCP connections to the server's port
    /// (``ProcessSnapshot``), soaks, settles again and reads them again.
    ///
    /// It prints the tables (Markdown) and exits with 1 when a call is unaccounted for (every call
    /// started must end, and be counted under its scenario), a scenario ended otherwise than it must
    /// (a success that failed or came back with a wrong value, a timeout that was not `.timeout`…),
    /// resident memory grew by more than 16 MiB, a file descriptor other than the sockets on the
    /// server's port is still open (or one was closed), or the clients hold more connections to the
    /// server than there were calls in flight. Sockets on the server's port are exempt from the
    /// descriptor count because a pool rightly keeps idle connections (and both ends live in this
    /// process); they are checked as connections instead. Linux only: it reads `/proc`.
    ///
    /// The server's memory counts too, since it runs in this process: its hit table keeps one entry
    /// per `/flaky` key, and every retried call has a key of its own. `--only SCENARIO` runs one
    /// scenario instead of the mix, to tell which one memory grows with.
    ///
    /// On Linux, FoundationNetworking stops the process when a server closes a connection after the
    /// status line but before the end of the head (swiftlang/swift-corelibs-foundation#5285), and
    /// sometimes when a file upload is cancelled mid-transfer. The soak provokes neither, over either
    /// transport: its connections are cut only after a complete head (`/cut-body`), and it uploads
    /// no files (its bodies are small JSON and forms).
    @main
    enum Soak {
        static func main() async throws {
            guard let options = SoakOptions(arguments: Array(CommandLine.arguments.dropFirst())) else {
                FileHandle.standardError.write(Data("\(SoakOptions.usage)\n".utf8))
                exit(2)
            }
            guard FileManager.default.fileExists(atPath: "/proc/self/status") else {
                FileHandle.standardError.write(Data("courier-soak reads /proc: Linux only\n".utf8))
                exit(2)
            }
            let mix = options.only.map { "only \($0.rawValue)" } ?? "the mix"
            print("## courier-soak: \(options.calls) calls per transport (\(mix)), \(options.warmUp) to warm up\n")
            var failures: [String] = []
            for transport in options.transports {
                let result = try await Phase.run(transport, options: options)
                for line in Report.lines(for: result) { print(line) }
                print("")
                failures += Report.failures(of: result)
            }
            guard failures.isEmpty else {
                for failure in failures { print("FAIL: \(failure)") }
                exit(1)
            }
            print(
                "PASS: every call accounted for and ended as its scenario must; memory, descriptors and connections came back."
            )
        }
    }
#else
    import Foundation

    /// Built without the `Demo` trait, which brings the example API's server: says how to run it.
    @main
    enum Soak {
        static func main() {
            FileHandle.standardError.write(
                Data("Built without the Demo trait: run `swift run --traits Demo courier-soak`.\n".utf8))
            exit(1)
        }
    }
#endif
