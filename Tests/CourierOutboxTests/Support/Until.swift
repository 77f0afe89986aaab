/// Waits until `condition` holds, looking again every millisecond. A wait in vain ends at the
/// suite's time limit, which cancels the test's task and with it this sleep, where a loop of
/// `Task.yield()` would spin on forever.
func until(_ condition: () async throws -> Bool) async throws {
    while try await !condition() { try await Task.sleep(for: .milliseconds(1)) }
}
