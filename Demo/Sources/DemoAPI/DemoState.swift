#if Demo
    import Foundation

    /// What one server remembers: issued tokens, hit counters, and counters that let tests see what
    /// happened on the server's side.
    package actor DemoState {
        /// What `/stats` reports.
        package struct Stats: Codable, Sendable {
            /// `/slow-body` bodies begun.
            package var slowBodiesStarted = 0
            /// Streamed bodies (`/bytes?chunked=1`, `/slow-body`) sent to the end.
            package var streamsCompleted = 0
            /// Streamed bodies whose client went away first.
            package var streamsAbandoned = 0
            /// Request bodies `/upload` read to the end.
            package var uploadsCompleted = 0
            /// Request bodies `/upload` saw cut short.
            package var uploadsAbandoned = 0
            /// Successful `/login` calls.
            package var logins = 0
            /// Successful `/refresh` calls.
            package var refreshes = 0
            /// Requests to `/me` refused for a missing, stale or expired token.
            package var unauthorized = 0
        }

        /// An issued access token.
        struct Session {
            var accessToken: String
            var refreshToken: String
            var expiresAt: Date
        }

        private(set) var stats = Stats()
        private var session: Session?
        private var generation = 0
        private var hits: [String: Int] = [:]

        func slowBodyStarted() {
            stats.slowBodiesStarted += 1
        }

        func streamCompleted() {
            stats.streamsCompleted += 1
        }

        func streamAbandoned() {
            stats.streamsAbandoned += 1
        }

        func uploadCompleted() {
            stats.uploadsCompleted += 1
        }

        func uploadAbandoned() {
            stats.uploadsAbandoned += 1
        }

        /// Issues a new token pair, replacing the previous one: only the newest access token is valid.
        func login(lifetime: TimeInterval) -> Session {
            stats.logins += 1
            return issue(lifetime: lifetime)
        }

        /// Exchanges the current refresh token for a new pair; `nil` for any other refresh token.
        func refresh(with refreshToken: String, lifetime: TimeInterval) -> Session? {
            guard let session, session.refreshToken == refreshToken else { return nil }
            stats.refreshes += 1
            return issue(lifetime: lifetime)
        }

        /// Whether `accessToken` is the newest one and has not expired.
        func isValid(accessToken: String) -> Bool {
            guard let session, session.accessToken == accessToken, session.expiresAt > Date() else {
                stats.unauthorized += 1
                return false
            }
            return true
        }

        /// Counts a hit on `key` and returns the count so far.
        func hit(_ key: String) -> Int {
            hits[key, default: 0] += 1
            return hits[key, default: 0]
        }

        func hitCount(_ key: String) -> Int {
            hits[key, default: 0]
        }

        private func issue(lifetime: TimeInterval) -> Session {
            generation += 1
            let session = Session(
                accessToken: "access-\(generation)-\(UUID().uuidString.prefix(8))",
                refreshToken: "refresh-\(generation)-\(UUID().uuidString.prefix(8))",
                expiresAt: Date().addingTimeInterval(lifetime)
            )
            self.session = session
            return session
        }
    }
#endif
