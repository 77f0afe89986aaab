/// Counters one server keeps, so tests can see what happened on the server's side.
actor DemoState {
    /// What `/stats` reports.
    struct Stats: Codable, Sendable {
        var streamsCompleted = 0
        var streamsAbandoned = 0
    }

    private(set) var stats = Stats()

    func streamCompleted() {
        stats.streamsCompleted += 1
    }

    func streamAbandoned() {
        stats.streamsAbandoned += 1
    }
}
