#if Demo
    import Courier
    import Foundation
    import ProcessMemory
    import Testing

    /// Generated garbage from a raw server on loopback, over both transports: random status lines,
    /// header bytes, chunk sizes, lying `Content-Length`s, heads and bodies cut short, false content
    /// codings, interim heads, long header fields, and replies that stall past the deadline. Every
    /// call ends within its deadline as a value or a typed `APIError` (one that ends late is a
    /// timeout), never in a crash, and leaves no connection behind but what a pool keeps. A failing case prints its seed:
    /// `COURIER_TEST_SEED=<seed> swift test --traits Demo --filter WireMalformedResponseTests`
    /// replays the run.
    ///
    /// Over URLSession on Linux, a head cut short after its status line is not sent: it crashes
    /// FoundationNetworking itself (`MalformedResponse.endsInsideTheHead`); AsyncHTTPClient, the
    /// default transport on Linux, is sent every case.
    @Suite("Wire: malformed responses")
    struct WireMalformedResponseTests {
        /// Cases per transport.
        static let cases = 300
        /// Calls in flight at once.
        static let width = 8
        static let timeout = Duration.seconds(1)
        /// How late a call may end on a loaded 2-core machine; a stalled reply holds back its end
        /// for `MalformedResponse.stall`, well beyond the deadline plus this.
        static let slack = Duration.seconds(3)

        struct Case: APIRequest {
            typealias Response = Data
            let number: Int
            var method: HTTPRequest.Method { .get }
            var path: String { "/case/\(number)" }
        }

        @Test(arguments: TransportKind.available)
        func everyMalformedResponseEndsInTimeAsAValueOrATypedError(_ kind: TransportKind) async throws {
            let base = SeededGenerator.baseSeed(fixed: 0xC0FF_EE00)
            let seed: @Sendable (Int) -> UInt64 = { base &+ UInt64($0) &* 0x9E37_79B9 }
            let server = try FaultServer { head in
                let number =
                    head.first.flatMap { $0.split(separator: "/").dropFirst(2).first }
                    .flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
                return MalformedResponse(seed: seed(number)).reply
            }
            defer { server.stop() }
            let client = makeClient(kind, baseURL: server.baseURL) {
                $0.timeout = Self.timeout
                $0.maximumBodySize = 64 * 1024
            }
            var outcomes: [String: [String: Int]] = [:]
            for start in stride(from: 0, to: Self.cases, by: Self.width) {
                try await withThrowingTaskGroup(of: (Int, String, Duration).self) { group in
                    for number in start..<min(start + Self.width, Self.cases) {
                        if Self.crashesFoundationNetworking(MalformedResponse(seed: seed(number)), kind) {
                            outcomes["cut short", default: [:]]["not sent (FoundationNetworking traps)", default: 0] +=
                                1
                            continue
                        }
                        group.addTask {
                            let clock = ContinuousClock()
                            let began = clock.now
                            let outcome: String
                            do throws(APIError) {
                                _ = try await client.send(Case(number: number))
                                outcome = "value"
                            } catch {
                                outcome = "\(error.kind)"
                            }
                            return (number, outcome, began.duration(to: clock.now))
                        }
                    }
                    for try await (number, outcome, elapsed) in group {
                        let response = MalformedResponse(seed: seed(number))
                        let replay = "case \(number), seed \(seed(number)), base seed \(base) (\(response.family))"
                        #expect(elapsed < Self.timeout + Self.slack, "ended after \(elapsed): \(replay)")
                        // A call never succeeds late: one that ends after its deadline (allowing for the
                        // moment between the runner's check and this task's clock) is a timeout, and a
                        // reply that stalls past the deadline is never a value. (It may fail sooner:
                        // a pooled connection the server had closed is a transport error.)
                        // (1.5 s past it. Without interceptors the call runs in this task, which reads
                        // its clock right after the client's own check; CI runs saw statuses end 1.5 s
                        // and 2.6 s late because the client did not check the deadline before a
                        // status, only before a value, where the transport's timer had not ended the
                        // exchange: it does now. `LateAnswerTests` shows it without a network.)
                        if elapsed > Self.timeout + .milliseconds(1500) {
                            #expect(outcome == "timeout", "ended after \(elapsed) as \(outcome): \(replay)")
                        }
                        if response.outlastsTheDeadline, outcome == "value" {
                            let issue = "a reply stalled past the deadline ended as a value, in time: \(replay)"
                            if kind == .urlSession {
                                // Seen once in about fifteen runs, over URLSession only, with the call
                                // ending before its deadline: a value that cannot be the stalled
                                // reply's (it never completes in time). Not explained yet; see
                                // RELIABILITY.md, "Malformed responses from the wire".
                                withKnownIssue(Comment(rawValue: issue), isIntermittent: true) {
                                    Issue.record(Comment(rawValue: issue))
                                }
                            } else {
                                Issue.record(Comment(rawValue: issue))
                            }
                        }
                        outcomes[response.family, default: [:]][outcome, default: 0] += 1
                    }
                }
            }
            let summary = outcomes.sorted { $0.key < $1.key }.map { family, counts in
                "\(family): "
                    + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            }
            print(
                "malformed responses over \(kind), \(Self.cases) cases, base seed \(base):\n  "
                    + summary.joined(separator: "\n  "))
            #expect(outcomes.values.flatMap(\.values).reduce(0, +) == Self.cases)
            #if os(Linux)
                let port = server.port
                // A pool may keep a connection: AsyncHTTPClient an idle one the server has not closed,
                // libcurl one the server closed, until it is next used. A leak of one per call that
                // failed would leave hundreds.
                let settled = await Self.eventually { Self.clientSockets(toPort: port) <= Self.width }
                #expect(settled, "client sockets still open to the server: \(Self.clientSockets(toPort: port))")
            #endif
        }

        /// Whether `response` would take the process down inside FoundationNetworking over `kind`.
        static func crashesFoundationNetworking(_ response: MalformedResponse, _ kind: TransportKind) -> Bool {
            #if canImport(FoundationNetworking)
                kind == .urlSession && response.endsInsideTheHead
            #else
                false
            #endif
        }

        /// Waits up to five seconds for `condition`.
        static func eventually(_ condition: () -> Bool) async -> Bool {
            for _ in 0..<50 {
                if condition() { return true }
                try? await Task.sleep(for: .milliseconds(100))
            }
            return condition()
        }

        /// The sockets of this machine connected to `port` on loopback that the client has not closed
        /// (ESTABLISHED, SYN_SENT, CLOSE_WAIT), from `/proc/net/tcp`.
        static func clientSockets(toPort port: Int) -> Int {
            let table = ProcFile.read("/proc/net/tcp") ?? ""
            let remote = String(format: ":%04X", port)
            return table.split(separator: "\n").dropFirst().filter { line in
                let fields = line.split(separator: " ")
                guard fields.count > 3 else { return false }
                return fields[2].hasSuffix(remote) && ["01", "02", "08"].contains(fields[3])
            }.count
        }
    }
#endif
