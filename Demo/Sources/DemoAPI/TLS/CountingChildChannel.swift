#if Demo
    import Hummingbird
    import HummingbirdCore
    import Logging
    import NIOCore
    import Synchronization

    /// Counts the connections a server accepts, for tests that check reuse and multiplexing.
    package final class ConnectionCounter: Sendable {
        private let count = Mutex(0)

        /// Makes a counter at zero.
        package init() {}

        /// The connections accepted so far.
        package var accepted: Int { count.withLock { $0 } }

        func increment() {
            count.withLock { $0 += 1 }
        }
    }

    /// A server's child channel that counts each connection before `base` sets it up.
    struct CountingChildChannel<Base: ServerChildChannel>: ServerChildChannel {
        typealias Value = Base.Value

        let base: Base
        let counter: ConnectionCounter

        func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
            counter.increment()
            return base.setup(channel: channel, logger: logger)
        }

        func handle(value: Value, logger: Logger) async {
            await base.handle(value: value, logger: logger)
        }
    }
#endif
