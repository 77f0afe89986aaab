#if Demo
    import Foundation

    /// What the outbox routes keep by `Idempotency-Key`, as a server that honours the header does:
    /// the first request with a key acts, a repeat while it is processed gets 409, a repeat after
    /// gets the stored answer without acting again; every arrival is counted.
    actor IdempotencyLedger {
        /// One key's record, as `GET /outbox/ledger` reports it.
        struct Record: Codable, Sendable {
            var key: String
            var path: String
            /// The `group` query parameter of the first request, if any.
            var group: String?
            /// When the key was acted on, counting from 1 across keys; `nil` until it is.
            var order: Int?
            /// Every request that came with the key.
            var arrivals = 0
            /// Whether the first request has answered.
            var finished = false
            /// Failures still to answer before acting (`fail=N`).
            var failuresLeft = 0
        }

        /// What to do with an arrival.
        enum Decision: Sendable {
            case act(Record)
            case inProgress
            case replay(Record)
            case fail(Int)
        }

        private var records: [String: Record] = [:]
        private var acted = 0

        func arrive(key: String, path: String, group: String?, failures: Int) -> Decision {
            var record = records[key] ?? Record(key: key, path: path, group: group, failuresLeft: failures)
            record.arrivals += 1
            defer { records[key] = record }
            if record.order != nil { return record.finished ? .replay(record) : .inProgress }
            if record.failuresLeft > 0 {
                record.failuresLeft -= 1
                return .fail(record.arrivals)
            }
            acted += 1
            record.order = acted
            return .act(record)
        }

        func finish(key: String) {
            records[key]?.finished = true
        }

        var all: [Record] {
            records.values.sorted { ($0.order ?? .max, $0.key) < ($1.order ?? .max, $1.key) }
        }
    }
#endif
