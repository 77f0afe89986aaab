#if Demo
    import Courier
    import Dispatch
    import OpenCombineShim

    /// Waits for a Combine subscription made by `subscribe` to call its `finish` closure.
    ///
    /// Scenarios written in Combine style end in `sink`; this lets the async demo wait for them.
    func waitForSink<Value: Sendable>(
        _ subscribe: (@escaping @Sendable (Value) -> Void) -> AnyCancellable
    ) async -> Value {
        let holder = CancellableHolder()
        let value = await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
            holder.keep(subscribe { continuation.resume(returning: $0) })
        }
        holder.release()
        return value
    }

    /// Keeps a subscription alive until the scenario has its result.
    // @unchecked Sendable: `cancellable` is only read and written under its lock.
    private final class CancellableHolder: @unchecked Sendable {
        private let cancellable = Locked<AnyCancellable?>(nil)

        func keep(_ value: AnyCancellable) {
            cancellable.withLock { $0 = value }
        }

        func release() {
            cancellable.withLock { $0 = nil }
        }
    }
#endif
