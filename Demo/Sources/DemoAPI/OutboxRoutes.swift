#if Demo
    import Foundation
    import Hummingbird

    /// An endpoint that honours `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header), for
    /// the outbox's demo and tests, and its ledger.
    enum OutboxRoutes {
        /// `POST|PUT|PATCH|DELETE /outbox/items/:name[?delay_ms=D][&fail=N][&status=S]`, with an
        /// `Idempotency-Key` (400 without): the first request with a key acts — it takes the next
        /// order — and answers 201 `{"key", "path", "order"}` after `delay_ms`; a repeat while that
        /// one is under way answers 409, a repeat after it the same 201 without acting. With `fail=N`
        /// the first N requests with the key answer 503 (`Retry-After: 0`) without acting; with
        /// `status=S` every request answers S without acting.
        ///
        /// `GET /outbox/ledger` lists every key with its path, its `group` query parameter, its order
        /// and its arrivals.
        static func add(to router: Router<BasicRequestContext>) {
            let ledger = IdempotencyLedger()
            for method in [HTTPRequest.Method.post, .put, .patch, .delete] {
                router.on("outbox/items/:name", method: method) { request, _ in
                    guard let key = request.headers[HTTPFields.Element.Name("Idempotency-Key")!] else {
                        return JSONResponse.error("an Idempotency-Key is required", status: .badRequest)
                    }
                    let parameters = request.uri.queryParameters
                    if let refusal = parameters.get("status", as: Int.self) {
                        return JSONResponse.error("refused on purpose", status: HTTPResponse.Status(code: refusal))
                    }
                    let path = request.uri.path
                    let group = parameters.get("group").map { String($0) }
                    let failures = parameters.get("fail", as: Int.self) ?? 0
                    switch await ledger.arrive(key: key, path: path, group: group, failures: failures) {
                    case .fail(let arrival):
                        var response = JSONResponse.error(
                            "failing on purpose (arrival \(arrival))", status: .serviceUnavailable)
                        response.headers[.retryAfter] = "0"
                        return response
                    case .inProgress:
                        return JSONResponse.error("a request with this key is under way", status: .conflict)
                    case .replay(let record):
                        return JSONResponse.make(Answer(record), status: .created)
                    case .act(let record):
                        if let delay = parameters.get("delay_ms", as: Int.self), delay > 0 {
                            try? await Task.sleep(for: .milliseconds(delay))
                        }
                        await ledger.finish(key: key)
                        return JSONResponse.make(Answer(record), status: .created)
                    }
                }
            }
            router.get("outbox/ledger") { _, _ in
                JSONResponse.make(await ledger.all)
            }
        }

        /// What an act answers.
        struct Answer: Codable, Sendable {
            var key: String
            var path: String
            var order: Int

            init(_ record: IdempotencyLedger.Record) {
                key = record.key
                path = record.path
                order = record.order ?? 0
            }
        }
    }
#endif
