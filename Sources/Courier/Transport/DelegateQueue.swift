import Foundation

/// The operation queue a ``URLSessionTransport``'s session calls its delegate on: serial, and on
/// Linux bounded.
///
/// FoundationNetworking hands every chunk libcurl reads to the delegate queue with
/// `addOperation` and reads on without waiting, so a fast peer fills the queue faster than the
/// delegate drains it: a body capped at 10 MiB could hold hundreds of megabytes in queued
/// callbacks before the cancel at the cap landed, and every other task's callbacks waited behind
/// them. Here `addOperation` waits, on the session's own thread (libcurl's), while
/// ``maximumPending`` callbacks are queued, until the delegate has drained half of them: libcurl
/// reads no faster than the delegate takes the data, so a cancel at the cap stops the transfer
/// within a few chunks of it.
///
/// A callback that enqueues from the queue itself never waits (it would wait for itself), and a
/// wait ends after ``longestWait`` whatever the queue does, and none follows until the queue has
/// drained to half, so the queue never deadlocks the session: at worst it stops bounding. (The
/// transport's own callbacks never wait for the session: see
/// `URLSessionTask.cancelWithoutWaiting()`.)
final class DelegateQueue: OperationQueue, @unchecked Sendable {
    /// How many callbacks may wait in the queue before `addOperation` waits: at libcurl's 16 KiB
    /// per read, about 1 MiB.
    static let maximumPending = 64

    /// The longest an `addOperation` waits for the queue to drain.
    static let longestWait: TimeInterval = 1

    // `pending` and `gaveUp` are read and written only with `drained` locked.
    private let drained = NSCondition()
    private var pending = 0
    /// Set when a wait ran out: no more waits until the queue drains to half.
    private var gaveUp = false

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "Courier.URLSessionTransport"
    }

    #if canImport(FoundationNetworking)
        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            let enqueuedFromItself = OperationQueue.current === self
            drained.lock()
            if !enqueuedFromItself, !gaveUp, pending >= Self.maximumPending {
                let giveUp = Date(timeIntervalSinceNow: Self.longestWait)
                while pending > Self.maximumPending / 2 {
                    guard drained.wait(until: giveUp) else {
                        gaveUp = true
                        break
                    }
                }
            }
            pending += 1
            drained.unlock()
            super.addOperation { [self] in
                block()
                drained.lock()
                pending -= 1
                if pending == Self.maximumPending / 2 {
                    gaveUp = false
                    drained.broadcast()
                }
                drained.unlock()
            }
        }
    #endif
}
