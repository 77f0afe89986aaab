#if Demo
    import Courier
    import Foundation

    /// Beyond the seeds: what a call tells about itself — its report, after a redirect, a token
    /// refresh and a retry.
    enum ObservabilityScenarios {
        struct Seen: Decodable, Sendable {
            var path: String
        }

        /// `/redirect` to `/observed`, which wants a fresh token and fails once with `503`.
        struct ObservedRequest: APIRequest {
            typealias Response = Seen
            var method: HTTPRequest.Method { .get }
            var path: String { "/redirect" }
            var query: QueryParameters { ["to": "/observed?key=\(UUID().uuidString)&failures=1"] }
        }

        static let scenarios = [
            Scenario(seed: "new", name: "a call's report: redirect, refresh, retry", style: .asyncAwait) {
                environment in
                let refreshing = RefreshingAuthorizationInterceptor.bearer(
                    initial: BearerCredential(accessToken: "stale-token")
                ) { _ in BearerCredential(accessToken: "fresh-token") }
                let client = environment.client([RetryInterceptor(budget: nil, random: { 0 }), refreshing])
                do {
                    let response = try await client.response(for: ObservedRequest())
                    guard let report = response.report else { return .unexpected("no report") }
                    let reasons = report.attempts.map(\.reason.description)
                    var outcome: Outcome =
                        reasons == ["first", "redirect", "refresh", "redirect", "retry", "redirect"] && report.refreshed
                        ? .expected("\(report.attempts.count) requests, \(report.redirects.count) redirects, 1 refresh")
                        : .unexpected("\(reasons)")
                    outcome.notes = lines(of: report)
                    return outcome
                } catch {
                    return .failed(error)
                }
            }
        ]

        /// A report as the demo prints it.
        static func lines(of report: CallReport) -> [String] {
            var lines = report.attempts.enumerated().map { index, attempt in
                let status = attempt.status.map { "\($0.code)" } ?? attempt.errorKind.map { "\($0)" } ?? "-"
                return "\(index + 1). \(attempt.reason) \(attempt.method) \(attempt.url) → \(status) "
                    + "in \(milliseconds(attempt.duration)) ms"
            }
            lines.append("redirects followed: \(report.redirects.joined(separator: ", "))")
            lines.append(
                "refreshed: \(report.refreshed ? "yes" : "no"), retries: \(report.retries), "
                    + "cache: \(report.cacheOutcome.map { "\($0)" } ?? "none")")
            lines.append(
                "\(report.bytesSent) bytes sent, \(report.bytesReceived) received, "
                    + "\(milliseconds(report.duration)) ms in all")
            return lines
        }

        private static func milliseconds(_ duration: Duration) -> String {
            String(
                format: "%.1f",
                Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
        }
    }
#endif
