#if canImport(Network)
    import Dispatch
    import Network

    /// Tells the outbox when the network comes and goes, from the system's `NWPathMonitor`.
    // @unchecked Sendable: `monitor` is set once; after `start` it is only cancelled, and
    // NWPathMonitor may be cancelled from any thread.
    final class NetworkMonitor: @unchecked Sendable {
        private let monitor: NWPathMonitor

        private init(monitor: NWPathMonitor) {
            self.monitor = monitor
        }

        /// Starts monitoring; `onChange` is called with whether a path is satisfied at each change.
        static func start(onChange: @escaping @Sendable (Bool) -> Void) -> NetworkMonitor? {
            let monitor = NWPathMonitor()
            monitor.pathUpdateHandler = { path in onChange(path.status == .satisfied) }
            monitor.start(queue: DispatchQueue(label: "CourierOutbox.network"))
            return NetworkMonitor(monitor: monitor)
        }

        func cancel() {
            monitor.cancel()
        }
    }
#else
    /// Where the system has no `NWPathMonitor` (Linux), the app says when the network returns
    /// (`Outbox.networkDidChange(isAvailable:)`).
    final class NetworkMonitor: Sendable {
        static func start(onChange: @escaping @Sendable (Bool) -> Void) -> NetworkMonitor? { nil }

        func cancel() {}
    }
#endif
