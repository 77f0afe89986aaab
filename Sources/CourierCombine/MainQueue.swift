import Dispatch

/// Tells whether the current code runs on the main queue, which is where `@MainActor` code runs.
///
/// `Thread.isMainThread` is not the test: on Linux (under `swift test`, say) the main queue can
/// be drained by another thread. A queue-specific value set on the main queue is seen exactly
/// when running on it, as `dispatchPrecondition(condition: .onQueue(.main))` sees it.
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main queue.
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
