import Foundation

/// A value guarded by a lock, shareable across concurrency domains.
///
/// `NSLock` is used rather than `Synchronization.Mutex` so that the package keeps its deployment
/// targets (macOS 13, iOS 16).
package final class Locked<Value> {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// @unchecked Sendable: every access to `value` happens inside `lock.withLock`, so no two threads
// ever touch it at the same time; only a Sendable value may cross, or the lock would hand a
// non-Sendable value to another concurrency domain.
extension Locked: @unchecked Sendable where Value: Sendable {}
