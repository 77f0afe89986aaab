import Courier
import Foundation

/// Plain calls every 100 ms over AsyncHTTPClient until stopped; the longest gap between two of
/// them, sleep included, shows whether the process stalled.
final class Canary: Sendable {
    private let slowest = Locked(Duration.zero)
    private let task: Task<Void, Never>

    init(_ base: URL) {
        #if os(Linux)
            let client = APIClient(baseURL: base, transport: AsyncHTTPClientTransport.shared)
        #else
            let client = APIClient(baseURL: base)
        #endif
        let slowest = slowest
        task = Task {
            var last = ContinuousClock.now
            while !Task.isCancelled {
                _ = try? await client.send(Probe(path: "/stats"))
                try? await Task.sleep(for: .milliseconds(100))
                let now = ContinuousClock.now
                slowest.withLock { $0 = max($0, last.duration(to: now)) }
                last = now
            }
        }
    }

    /// Stops the calls; returns the longest gap.
    func stop() -> Duration {
        task.cancel()
        return slowest.withLock { $0 }
    }
}

/// A value guarded by a lock.
// @unchecked Sendable: every access to `value` happens under `lock`.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
