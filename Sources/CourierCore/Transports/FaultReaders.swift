/// Every transport's ``FaultReader``, asked in order by the call path's generic readers
/// (``ConnectionFaults``, ``TLSErrors``, ``UnderlyingErrorText``): the one place that names them.
enum FaultReaders {
    static let all: [any FaultReader.Type] = {
        #if CourierNIO
            [URLSessionFaults.self, NIOFaults.self]
        #else
            [URLSessionFaults.self]
        #endif
    }()
}
