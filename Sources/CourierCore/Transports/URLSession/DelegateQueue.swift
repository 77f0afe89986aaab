import Foundation

/// The operation queue a ``URLSessionTransport``'s session calls its delegate on: serial; on
/// Linux, callbacks run at once on the session's own thread.
///
/// FoundationNetworking hands every chunk libcurl reads to the delegate queue with
/// `addOperation` and reads on without waiting, so a fast peer filled an ordinary queue faster
/// than the delegate drained it: a body refused at a 10 MiB limit held up to hundreds of
/// megabytes in queued callbacks before the cancel landed, and every other task's callbacks
/// waited behind them. Making libcurl wait for the queue instead held the session's thread, and
/// with it every other task's start and cancel. So on Linux `addOperation` runs the callback
/// where it is called, on the session's serial work queue (FoundationNetworking calls it from
/// there, one callback at a time, in order): a chunk is counted, and dropped past the limit,
/// before libcurl reads the next.
///
/// The callbacks this runs are the transport's own ``SessionDelegate`` methods, which only take
/// short locks, resume continuations and never wait for the session (see
/// `URLSessionTask.cancelWithoutWaiting()`).
final class DelegateQueue: OperationQueue, @unchecked Sendable {  // no state of its own
    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "Courier.URLSessionTransport"
    }

    #if canImport(FoundationNetworking)
        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }
    #endif
}
