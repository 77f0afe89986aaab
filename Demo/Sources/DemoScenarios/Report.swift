#if Demo
    import Foundation

    /// The demo's report: one line per scenario, then a verdict.
    package enum Report {
        /// The report for `results`, as lines of text.
        package static func lines(for results: [ScenarioResult]) -> [String] {
            let header = ["", "seed", "scenario", "style", "outcome", "time"]
            var rows = results.map { result in
                [
                    result.outcome.passed ? "✓" : "✗",
                    result.scenario.seed,
                    result.scenario.name,
                    result.scenario.style.rawValue,
                    String(result.outcome.detail.prefix(70)),
                    "\(milliseconds(result.duration)) ms",
                ]
            }
            rows.insert(header, at: 0)
            let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
            var lines = rows.map { row in
                row.indices.map { column in
                    column == row.count - 1
                        ? String(repeating: " ", count: widths[column] - row[column].count) + row[column]
                        : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
                }
                .joined(separator: "  ")
            }
            for result in results where !result.outcome.notes.isEmpty {
                lines.append("")
                lines.append("\(result.scenario.name):")
                lines += result.outcome.notes.map { "  " + $0 }
            }
            let passed = results.filter(\.outcome.passed).count
            lines.append("")
            lines.append("\(passed) of \(results.count) scenarios behaved as expected.")
            return lines
        }

        private static func milliseconds(_ duration: Duration) -> Int {
            let components = duration.components
            return Int(components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)
        }
    }
#endif
