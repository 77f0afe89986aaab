#if Demo
    import Courier
    import DemoAPI
    import Foundation

    /// What one transport's soak measured.
    struct PhaseResult: Sendable {
        var transport: SoakTransport
        var options: SoakOptions
        var warmUp: Counts
        var soak: Counts
        /// After the warm-up, settled.
        var before: ProcessSnapshot
        /// After the soak, settled.
        var after: ProcessSnapshot
        /// The soak's calls, from the first started to the last ended.
        var wallTime: Duration
        /// What the server counted before and after the soak (logins, refreshes, refused tokens).
        var serverBefore: DemoState.Stats?
        var serverAfter: DemoState.Stats?
    }

    /// One transport's soak, against a demo server of its own (so the connections to its port are
    /// that transport's alone): warm up, settle, read; soak; settle, read.
    enum Phase {
        static func run(_ transport: SoakTransport, options: SoakOptions) async throws -> PhaseResult {
            try await DemoServer.withRunning { baseURL in
                let port = baseURL.port ?? 0
                let clients = SoakClients(transport: transport.make(), baseURL: baseURL)
                let settle = Duration.milliseconds(options.settleMilliseconds)

                let warmUp = Tally()
                await CallDriver.run(
                    count: options.warmUp, options: options, clients: clients,
                    keyPrefix: "\(transport)-warm-up", tally: warmUp)
                try? await Task.sleep(for: settle)
                let serverBefore = try? await clients.plain.send(StatsRequest())
                let before = ProcessSnapshot.take(serverPort: port)

                let soak = Tally()
                let watchdog = Watchdog.start(transport, tally: soak, options: options)
                let started = ContinuousClock.now
                await CallDriver.run(
                    count: options.calls, options: options, clients: clients,
                    keyPrefix: "\(transport)-soak", tally: soak)
                let wallTime = started.duration(to: .now)
                watchdog.cancel()

                try? await Task.sleep(for: settle)
                let serverAfter = try? await clients.plain.send(StatsRequest())
                let after = ProcessSnapshot.take(serverPort: port)
                return PhaseResult(
                    transport: transport, options: options, warmUp: warmUp.snapshot, soak: soak.snapshot,
                    before: before, after: after, wallTime: wallTime, serverBefore: serverBefore,
                    serverAfter: serverAfter
                )
            }
        }
    }

    /// Ends the process when a soak outlasts any reasonable time: a call that never ends would
    /// otherwise hang it, and never be reported as unaccounted for.
    enum Watchdog {
        /// Starts the watchdog; cancel the task when the soak ends.
        static func start(_ transport: SoakTransport, tally: Tally, options: SoakOptions) -> Task<Void, Never> {
            // About 5 ms a call at 16 in flight: ten times that, and two minutes besides.
            let limit = Duration.seconds(120) + .milliseconds(50 * options.calls)
            return Task.detached {
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                let counts = tally.snapshot
                print("\(transport): the soak did not end within \(limit); calls unaccounted for so far:")
                for line in Report.scenarioTable(counts) { print(line) }
                print("FAIL: \(counts.totalStarted - counts.totalEnded) calls had not ended after \(limit)")
                exit(1)
            }
        }
    }
#endif
