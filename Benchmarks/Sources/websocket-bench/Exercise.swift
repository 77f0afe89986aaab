import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The message both clients send and receive: `{"id":N,"text":"hello"}`, encoded with a
/// `JSONEncoder` and decoded with a `JSONDecoder`, one message at a time.
struct Note: Codable, Sendable {
    var id: Int
    var text: String
}

/// How many messages each measurement sends.
struct Plan {
    var roundTrips: Int
    var burst: Int
    var warmUp: Int
}

/// One client's figures from one round.
struct Figures {
    /// Each round trip's time, in seconds, sorted.
    var latencies: [Double]
    /// All the round trips, end to end.
    var pingPongSeconds: Double
    /// The process's CPU time (every thread, the server's too) over the round trips.
    var pingPongCPUSeconds: Double
    /// From the burst's start until its last send returned.
    var burstSendSeconds: Double
    /// From the burst's start until its last echo was received and decoded.
    var burstReceiveSeconds: Double
    /// The process's CPU time over the burst.
    var burstCPUSeconds: Double
}

/// Sends notes on a connection; shared between the task that sends a burst and the one that reads it.
protocol NoteSender: Sendable {
    func send(_ note: Note) async throws
}

/// Reads a connection's echoes, decoded.
protocol NoteReceiver {
    mutating func receive() async throws -> Note
}

struct UnexpectedEcho: Error, CustomStringConvertible {
    var expected: Int
    var received: Int
    var description: String { "expected the echo of note \(expected), received note \(received)" }
}

/// The two measurements, the same for both clients.
enum Exercise {
    static func run<Sender: NoteSender, Receiver: NoteReceiver>(
        _ plan: Plan, sender: Sender, receiver: inout Receiver
    ) async throws -> Figures {
        let clock = ContinuousClock()

        // Ping-pong: one message in flight.
        _ = try await pingPong(plan.warmUp, sender: sender, receiver: &receiver, clock: clock)
        var cpu = processCPUSeconds()
        let pingPongStart = clock.now
        let latencies = try await pingPong(plan.roundTrips, sender: sender, receiver: &receiver, clock: clock)
        let pingPongSeconds = seconds(pingPongStart.duration(to: clock.now))
        let pingPongCPU = processCPUSeconds() - cpu

        // Burst: one task sends them all while this one receives them.
        _ = try await burst(plan.warmUp, sender: sender, receiver: &receiver, clock: clock)
        cpu = processCPUSeconds()
        let (sent, received) = try await burst(plan.burst, sender: sender, receiver: &receiver, clock: clock)
        let burstCPU = processCPUSeconds() - cpu

        return Figures(
            latencies: latencies.sorted(), pingPongSeconds: pingPongSeconds, pingPongCPUSeconds: pingPongCPU,
            burstSendSeconds: sent, burstReceiveSeconds: received, burstCPUSeconds: burstCPU)
    }

    /// `count` round trips; each one's time.
    static func pingPong<Sender: NoteSender, Receiver: NoteReceiver>(
        _ count: Int, sender: Sender, receiver: inout Receiver, clock: ContinuousClock
    ) async throws -> [Double] {
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        for id in 0..<count {
            let start = clock.now
            try await sender.send(Note(id: id, text: "hello"))
            let echo = try await receiver.receive()
            latencies.append(seconds(start.duration(to: clock.now)))
            guard echo.id == id else { throw UnexpectedEcho(expected: id, received: echo.id) }
        }
        return latencies
    }

    /// `count` messages sent by a task of their own and received here: how long the sends took, and
    /// how long until the last echo was in.
    static func burst<Sender: NoteSender, Receiver: NoteReceiver>(
        _ count: Int, sender: Sender, receiver: inout Receiver, clock: ContinuousClock
    ) async throws -> (sent: Double, received: Double) {
        let start = clock.now
        return try await withThrowingTaskGroup(of: Double.self) { group in
            group.addTask {
                for id in 0..<count { try await sender.send(Note(id: id, text: "hello")) }
                return seconds(start.duration(to: clock.now))
            }
            for id in 0..<count {
                let echo = try await receiver.receive()
                guard echo.id == id else { throw UnexpectedEcho(expected: id, received: echo.id) }
            }
            let received = seconds(start.duration(to: clock.now))
            let sent = try await group.next() ?? received
            return (sent, received)
        }
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    /// User and system CPU time of the whole process (every thread) so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) / 1e18
}
