#if Demo
    import Foundation
    import Hummingbird
    import Synchronization

    /// Endpoints that show how the client uses connections: how many the server accepted, and a
    /// barrier that holds each request until a number of them are in flight at once.
    package enum ConnectionRoutes {
        /// What `/connections` and `/barrier` report.
        package struct Counts: Codable, Sendable {
            /// Connections the server accepted (TCP, each with its TLS handshake).
            package var connections: Int
            /// Requests that reached the barrier so far (over HTTP/2, each a stream).
            package var arrived: Int
        }

        static func add(to router: Router<BasicRequestContext>, connections: ConnectionCounter) {
            let arrivals = Mutex(0)
            router.get("connections") { _, _ in
                JSONResponse.make(Counts(connections: connections.accepted, arrived: arrivals.withLock { $0 }))
            }
            // `/barrier?n=64`: answers once `n` requests have arrived, or after ten seconds with
            // fewer; over one HTTP/1.1 connection they cannot all be in flight at once.
            router.get("barrier") { request, _ in
                let wanted = request.uri.queryParameters.get("n", as: Int.self) ?? 1
                arrivals.withLock { $0 += 1 }
                let giveUp = ContinuousClock.now + .seconds(10)
                while arrivals.withLock({ $0 }) < wanted, ContinuousClock.now < giveUp {
                    try await Task.sleep(for: .milliseconds(5))
                }
                return JSONResponse.make(Counts(connections: connections.accepted, arrived: arrivals.withLock { $0 }))
            }
        }
    }
#endif
