#if Demo
    import Courier
    import DemoAPI
    import Foundation

    /// One way a call can end, the call that provokes it, and the check that it ended that way.
    enum Scenario: String, CaseIterable, Sendable {
        /// `GET` or `POST /echo`: succeeds, and the echo matches what was sent.
        case success
        /// `/flaky`, failing once or twice with a 503, through the `RetryInterceptor`: succeeds on the
        /// last try (the hit count says how many there were).
        case retried
        /// `/me` with a bearer token that lives two seconds, through the
        /// `RefreshingAuthorizationInterceptor`: succeeds, refreshing before or after a `401`.
        case refreshed
        /// `/delay` (a head two seconds late) or `/slow-body` (a body two seconds long) with a 200 ms
        /// timeout: ends as `.timeout`.
        case timeout
        /// The same routes with a long timeout, the calling task cancelled 10–40 ms in: `.cancelled`.
        case cancelled
        /// `/cut-body`: the head and half the announced body, then the server drops the connection:
        /// `.transport`, with the head's status 200.
        case cutShort = "cut short"
        /// `/bytes`, four times the body limit, announced or chunked: `.bodyTooLarge`.
        case capped

        /// Twenty calls, repeated: 8 successes, 3 retried, 3 refreshed, 1 timeout, 2 cancelled, 1 cut
        /// short, 2 capped.
        static let mix: [Scenario] = [
            .success, .retried, .refreshed, .success, .cancelled, .capped, .success, .retried, .timeout, .success,
            .refreshed, .cutShort, .success, .cancelled, .retried, .success, .capped, .refreshed, .success, .success,
        ]

        /// Call number `call`'s scenario.
        static func of(call: Int) -> Scenario {
            mix[call % mix.count]
        }

        /// What the scenario must end as, for the table.
        var expected: String {
            switch self {
            case .success, .retried, .refreshed: "ok (value checked)"
            case .timeout: "timeout"
            case .cancelled: "cancelled"
            case .cutShort: "transport 200"
            case .capped: "bodyTooLarge"
            }
        }

        /// Makes call number `call` and says how it ended.
        ///
        /// The variants alternate with each round of the mix: the caller's-task path (no
        /// interceptors) and the call's-own-task path (the retrying client), a late head and a late
        /// body, an announced and a chunked body.
        ///
        /// - Parameters:
        ///   - call: The call's number in its run.
        ///   - clients: The clients over the transport under test.
        ///   - keyPrefix: Makes `/flaky` keys unique to the run.
        /// - Returns: The outcome.
        func run(call: Int, clients: SoakClients, keyPrefix: String) async -> Outcome {
            let round = call / Self.mix.count
            let first = round.isMultiple(of: 2)
            let second = (round / 2).isMultiple(of: 2)
            let late =
                second
                ? RawRequest(path: "/delay", query: ["ms": 2000])
                : RawRequest(path: "/slow-body", query: ["bytes": 200, "interval_ms": 10])
            switch self {
            case .success:
                let method: HTTPRequest.Method = first ? .get : .post
                return await checked {
                    let echo = try await clients.plain.send(EchoRequest(method: method, call: call))
                    return echo.method == method.rawValue && echo.queryItems == [["call", "\(call)"]]
                        && (method == .get ? echo.bodyLength == 0 : echo.body == "{\"call\":\(call)}")
                }
            case .retried:
                let failures = first ? 1 : 2
                let request = FlakyRequest(key: "\(keyPrefix)-\(call)", failures: failures, retryAfterZero: second)
                return await checked { try await clients.retrying.send(request) == ["hits": failures + 1] }
            case .refreshed:
                return await checked { try await clients.authorized.send(MeRequest()).name == "Bob" }
            case .timeout:
                var request = late
                request.timeout = .milliseconds(200)
                let client = first ? clients.plain : clients.retrying
                return await ended { _ = try await client.send(request) }
            case .cancelled:
                let client = first ? clients.plain : clients.retrying
                let task = Task { try await client.send(late) }
                try? await Task.sleep(for: .milliseconds(10 + call % 31))
                task.cancel()
                return await ended { _ = try await task.value }
            case .cutShort:
                let client = first ? clients.plain : clients.retrying
                let request = RawRequest(path: "/cut-body", query: ["bytes": 1000, "key": keyPrefix])
                return await ended { _ = try await client.send(request) }
            case .capped:
                var query: QueryParameters = ["count": 4 * SoakClients.maximumBodySize]
                if !second { query.append("chunked", "1") }
                let client = first ? clients.plain : clients.retrying
                return await ended { _ = try await client.send(RawRequest(path: "/bytes", query: query)) }
            }
        }

        /// The outcome of a call whose value `call` checks.
        private func checked(_ call: () async throws -> Bool) async -> Outcome {
            do {
                let valid = try await call()
                return Outcome(scenario: self, label: valid ? "ok" : "wrong value", asExpected: valid && isSuccess)
            } catch let error as APIError {
                return Outcome(scenario: self, label: Outcome.label(of: error), asExpected: expects(error))
            } catch {
                return Outcome(scenario: self, label: "not an APIError: \(type(of: error))", asExpected: false)
            }
        }

        /// The outcome of a call whose value is not checked.
        private func ended(_ call: () async throws -> Void) async -> Outcome {
            await checked { () async throws -> Bool in
                try await call()
                return true
            }
        }

        private var isSuccess: Bool {
            switch self {
            case .success, .retried, .refreshed: true
            case .timeout, .cancelled, .cutShort, .capped: false
            }
        }

        /// Whether `error` is how the scenario must end.
        private func expects(_ error: APIError) -> Bool {
            switch self {
            case .success, .retried, .refreshed: false
            case .timeout: error.kind == .timeout
            case .cancelled: error.kind == .cancelled
            case .cutShort: error.kind == .transport && error.status == .ok
            case .capped: error.kind == .bodyTooLarge
            }
        }
    }

    /// How one call ended.
    struct Outcome: Sendable {
        var scenario: Scenario
        /// `ok`, `wrong value`, or the error's kind and the status of the head it carries, if any.
        var label: String
        /// Whether the scenario ended as it must.
        var asExpected: Bool

        static func label(of error: APIError) -> String {
            error.status.map { "\(error.kind) \($0.code)" } ?? "\(error.kind)"
        }
    }
#endif
