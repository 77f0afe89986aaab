#if Demo
    import DemoAPI
    import Foundation

    /// The soak's tables, and the checks that decide whether it passed.
    enum Report {
        /// How far resident memory may grow from the warm-up's end to the soak's.
        static let residentGrowthLimit = 16 * 1024 * 1024

        /// One transport's tables, in Markdown.
        static func lines(for result: PhaseResult) -> [String] {
            let options = result.options
            let calls = result.soak.totalStarted
            let seconds =
                Double(result.wallTime.components.seconds) + Double(result.wallTime.components.attoseconds) / 1e18
            var lines = [
                "### \(result.transport): \(calls) calls, \(options.inFlight) in flight, "
                    + "\(format(seconds, digits: 1)) s (\(Int((Double(calls) / max(seconds, 0.001)).rounded())) calls/s)",
                "",
            ]
            lines += scenarioTable(result.soak)
            let warmUp = result.warmUp
            lines += [
                "",
                "Warm-up: \(warmUp.totalStarted) calls of the same mix, \(warmUp.totalEnded) ended, "
                    + "\(warmUp.totalUnexpected) unexpected.",
            ]
            if let before = result.serverBefore, let after = result.serverAfter {
                lines.append(
                    "Server, during the soak: \(after.logins - before.logins) logins, "
                        + "\(after.refreshes - before.refreshes) token refreshes, "
                        + "\(after.unauthorized - before.unauthorized) requests refused with a stale or expired token, "
                        + "\(after.streamsAbandoned - before.streamsAbandoned) streamed bodies abandoned by the client."
                )
            }
            lines += ["", "| reading | after warm-up | after soak | check |", "|---|---:|---:|---|"]
            let before = result.before
            let after = result.after
            let growth = after.residentBytes - before.residentBytes
            lines += [
                "| resident memory (VmRSS) | \(mebibytes(before.residentBytes)) | \(mebibytes(after.residentBytes)) "
                    + "| \(growth >= 0 ? "+" : "")\(mebibytes(growth)) ≤ \(mebibytes(residentGrowthLimit)): "
                    + "\(verdict(growth <= residentGrowthLimit)) |",
                "| open file descriptors | \(before.descriptors) | \(after.descriptors) | |",
                "| … other than TCP sockets on the server's port | \(before.otherDescriptors) "
                    + "| \(after.otherDescriptors) | equal: \(verdict(after.otherDescriptors == before.otherDescriptors)) |",
                "| client connections to the server | \(states(before.clientSockets)) | \(states(after.clientSockets)) "
                    + "| ≤ \(options.inFlight) (calls in flight): \(verdict(after.clientConnections <= options.inFlight)) |",
                "| server's ends of connections | \(before.serverConnections) | \(after.serverConnections) | |",
            ]
            return lines
        }

        /// The calls per scenario and how they ended, in Markdown.
        static func scenarioTable(_ counts: Counts) -> [String] {
            var lines = [
                "| scenario | must end as | started | ended | outcomes | unexpected |", "|---|---|---:|---:|---|---:|",
            ]
            for scenario in Scenario.allCases {
                let outcomes = counts.ended[scenario, default: [:]].sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                    .map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                lines.append(
                    "| \(scenario.rawValue) | \(scenario.expected) | \(counts.started[scenario, default: 0]) "
                        + "| \(counts.endedCount(of: scenario)) | \(outcomes) | \(counts.unexpected[scenario, default: 0]) |"
                )
            }
            lines.append(
                "| **all** | | \(counts.totalStarted) | \(counts.totalEnded) | | \(counts.totalUnexpected) |"
            )
            return lines
        }

        /// What went wrong in one transport's soak; empty when it passed.
        static func failures(of result: PhaseResult) -> [String] {
            var failures: [String] = []
            let name = result.transport.rawValue
            for (label, counts, expected) in [
                ("warm-up", result.warmUp, result.options.warmUp), ("soak", result.soak, result.options.calls),
            ] {
                if counts.totalStarted != expected {
                    failures.append("\(name) \(label): \(counts.totalStarted) calls started, not \(expected)")
                }
                for scenario in Scenario.allCases
                where counts.started[scenario, default: 0] != counts.endedCount(of: scenario) {
                    failures.append(
                        "\(name) \(label): \(scenario.rawValue): \(counts.started[scenario, default: 0]) started, "
                            + "\(counts.endedCount(of: scenario)) accounted for")
                }
                for scenario in Scenario.allCases where counts.unexpected[scenario, default: 0] > 0 {
                    failures.append(
                        "\(name) \(label): \(scenario.rawValue): \(counts.unexpected[scenario, default: 0]) calls did not "
                            + "end as \(scenario.expected)")
                }
            }
            let before = result.before
            let after = result.after
            if after.residentBytes - before.residentBytes > residentGrowthLimit {
                failures.append(
                    "\(name): resident memory grew by \(mebibytes(after.residentBytes - before.residentBytes)), "
                        + "more than \(mebibytes(residentGrowthLimit))")
            }
            if after.otherDescriptors != before.otherDescriptors {
                failures.append(
                    "\(name): \(after.otherDescriptors) file descriptors (other than sockets on the server's port) open "
                        + "after the soak, \(before.otherDescriptors) after the warm-up")
            }
            if after.clientConnections > result.options.inFlight {
                failures.append(
                    "\(name): \(after.clientConnections) client connections to the server after the soak "
                        + "(\(states(after.clientSockets))), more than the \(result.options.inFlight) calls ever in flight"
                )
            }
            return failures
        }

        private static func verdict(_ passed: Bool) -> String {
            passed ? "ok" : "**FAIL**"
        }

        private static func states(_ sockets: [String: Int]) -> String {
            guard !sockets.isEmpty else { return "0" }
            return sockets.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        }

        private static func mebibytes(_ bytes: Int) -> String {
            "\(format(Double(bytes) / 1_048_576, digits: 1)) MiB"
        }

        private static func format(_ value: Double, digits: Int) -> String {
            String(format: "%.\(digits)f", value)
        }
    }
#endif
