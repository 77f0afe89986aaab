import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTask {
    /// Cancels the task without waiting for its session.
    ///
    /// FoundationNetworking's `cancel()` (Swift 6.3) waits for the session's queue, and that
    /// queue waits while the transport's ``DelegateQueue`` is full: called from a delegate
    /// callback, it would wait for itself. The transport cancels from another thread instead.
    func cancelWithoutWaiting() {
        #if canImport(FoundationNetworking)
            DispatchQueue.global().async { self.cancel() }
        #else
            cancel()
        #endif
    }
}
