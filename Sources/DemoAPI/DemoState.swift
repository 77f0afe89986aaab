/// Counters one server keeps, so tests can see what happened on the server's side.
package actor DemoState {
    /// What `/stats` reports.
    package struct Stats: Codable, Sendable {
        /// Streamed `/bytes` bodies sent to the end.
        package var streamsCompleted = 0
        /// Streamed `/bytes` bodies whose client went away first.
        package var streamsAbandoned = 0
    }

    private(set) var stats = Stats()

    func streamCompleted() {
        stats.streamsCompleted += 1
    }

    func streamAbandoned() {
        stats.streamsAbandoned += 1
    }
}
