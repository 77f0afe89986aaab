#if Demo
    import Courier
    import DemoAPI
    import Foundation

    /// The demo server's stats once the streamed bodies it began have ended, completed or abandoned
    /// (its next write after the client left fails). A test that asks whether a call ended before a
    /// slow body did checks `streamsCompleted == 0` here, not its own clock: the answer depends on
    /// the body being far longer than the call, not on how busy the machine is. Waits for a body to
    /// begin too (a call whose deadline passed before the server answered may leave none). Gives up
    /// after a minute: a hang guard, it returns as soon as the bodies have ended.
    func statsOnceStreamsEnded(_ client: APIClient) async throws -> DemoState.Stats {
        let giveUp = ContinuousClock.now + .seconds(60)
        while true {
            let stats = try await client.send(StatsRequest())
            let ended = stats.streamsCompleted + stats.streamsAbandoned
            if stats.slowBodiesStarted > 0 && ended >= stats.slowBodiesStarted || ContinuousClock.now > giveUp {
                return stats
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Waits (up to a minute, a hang guard) until the demo server has begun `count` slow bodies.
    func waitForSlowBodies(_ client: APIClient, count: Int = 1) async throws {
        let giveUp = ContinuousClock.now + .seconds(60)
        while try await client.send(StatsRequest()).slowBodiesStarted < count, ContinuousClock.now < giveUp {
            try await Task.sleep(for: .milliseconds(20))
        }
    }
#endif
