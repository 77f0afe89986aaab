#if Demo
    import Foundation

    /// A value guarded by a lock, shareable across concurrency domains.
    ///
    /// Courier's `Locked` is Sendable only for a Sendable value, and the Combine bridge keeps an
    /// `AnyCancellable` (not Sendable) in one: this lock is Sendable whatever it holds.
    // @unchecked Sendable: every access to `value` happens inside `lock.withLock`, so no two threads
    // ever touch it at the same time.
    final class Locked<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value

        init(_ value: Value) {
            self.value = value
        }

        /// Runs `body` with exclusive access to the value.
        func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
            lock.lock()
            defer { lock.unlock() }
            return try body(&value)
        }
    }
#endif
