#if Demo
    /// Makes a run's calls, a fixed number in flight: as one ends, the next starts.
    enum CallDriver {
        /// Makes `count` calls of the mix, `options.inFlight` at a time, counting each in `tally` as it starts
        /// and as it ends.
        ///
        /// - Parameters:
        ///   - count: How many calls to make.
        ///   - options: How many at once, and which scenarios.
        ///   - clients: The clients over the transport under test.
        ///   - keyPrefix: Makes the run's `/flaky` keys its own.
        ///   - tally: Where the calls are counted.
        static func run(count: Int, options: SoakOptions, clients: SoakClients, keyPrefix: String, tally: Tally) async {
            await withTaskGroup(of: Outcome.self) { group in
                var next = 0
                while next < min(options.inFlight, count) {
                    let call = next
                    let scenario = options.scenario(of: call)
                    tally.start(scenario)
                    group.addTask { await scenario.run(call: call, clients: clients, keyPrefix: keyPrefix) }
                    next += 1
                }
                while let outcome = await group.next() {
                    tally.record(outcome)
                    guard next < count else { continue }
                    let call = next
                    let scenario = options.scenario(of: call)
                    tally.start(scenario)
                    group.addTask { await scenario.run(call: call, clients: clients, keyPrefix: keyPrefix) }
                    next += 1
                }
            }
        }
    }
#endif
