#if os(Linux)
    import Foundation
    import FoundationNetworking

    /// Holds FoundationNetworking's one work queue, shared by every session in the process, for a
    /// while: a session of its own whose delegate runs where it is called, on that queue, and
    /// sleeps there on the first chunk of a body.
    final class QueueHolder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        // @unchecked Sendable: `held` is only touched under its lock; `session` is set once, in
        // `init`, before any callback can run; the rest is immutable.
        private let duration: TimeInterval
        private let held = Locked(false)
        private(set) var session: URLSession!

        init(for duration: Duration) {
            let (seconds, attoseconds) = duration.components
            self.duration = Double(seconds) + Double(attoseconds) / 1e18
            super.init()
            session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: Inline())
        }

        /// Starts a call whose first chunk holds the queue.
        func hold(through url: URL) {
            session.dataTask(with: url).resume()
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let first = held.withLock { held in
                defer { held = true }
                return !held
            }
            if first { Thread.sleep(forTimeInterval: duration) }
        }

        /// Runs each callback where FoundationNetworking calls it: on its work queue.
        final class Inline: OperationQueue, @unchecked Sendable {  // no state of its own
            override func addOperation(_ block: @escaping @Sendable () -> Void) {
                block()
            }
        }
    }
#endif
