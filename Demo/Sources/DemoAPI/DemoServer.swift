#if Demo
    package import Foundation
    import Hummingbird
    import HummingbirdWebSocket
    package import Logging
    import NIOCore
    import ServiceLifecycle

    /// The example API that the seeds call, served by Hummingbird on loopback.
    ///
    /// Tests and `courier-demo` run it in-process:
    ///
    /// ```swift
    /// try await DemoServer.withRunning { baseURL in
    ///     let client = APIClient(baseURL: baseURL)
    ///     …
    /// }
    /// ```
    package enum DemoServer {
        /// Starts a server on `127.0.0.1` (on a free port unless one is given), runs `body` with its
        /// base URL, and stops the server when `body` returns or throws.
        ///
        /// The server stops gracefully: it closes its listening socket and lets accepted connections
        /// finish, for up to ten seconds, before the rest is cancelled. (Cancelling a Hummingbird server
        /// outright can drop a connection it has accepted but not yet handled, which traps in NIO:
        /// "Deinited NIOAsyncWriter without calling finish()", apple/swift-nio#3481. Two seconds were
        /// not enough under Thread Sanitizer's slowdown. The wait ends as soon as the server has.)
        ///
        /// With `tls`, the server speaks HTTPS only (the base URL's scheme is `https`), and
        /// `connections` counts the connections it accepts.
        package static func withRunning<Result: Sendable>(
            port: Int = 0,
            tls: DemoTLS? = nil,
            connections: ConnectionCounter = ConnectionCounter(),
            _ body: (URL) async throws -> Result
        ) async throws -> Result {
            let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
            let app = try makeApplication(port: port, tls: tls, connections: connections, logLevel: .critical) {
                portSink.yield($0)
            }
            var quiet = Logger(label: "DemoAPI")
            quiet.logLevel = .critical
            let services = ServiceGroup(configuration: .init(services: [app], logger: quiet))
            return try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask {
                    defer { portSink.finish() }
                    try await services.run()
                }
                var iterator = ports.makeAsyncIterator()
                guard let boundPort = await iterator.next() else {
                    try await tasks.next()
                    throw DemoServerError.didNotStart
                }
                let outcome: Swift.Result<Result, any Error>
                do {
                    outcome = .success(try await body(baseURL(port: boundPort, secure: tls != nil)))
                } catch {
                    outcome = .failure(error)
                }
                await services.triggerGracefulShutdown()
                tasks.addTask { try? await Task.sleep(for: .seconds(10)) }
                _ = try? await tasks.next()
                tasks.cancelAll()
                return try outcome.get()
            }
        }

        /// Runs the server until the calling task is cancelled.
        ///
        /// - Parameters:
        ///   - port: The port to listen on; `0` picks a free one.
        ///   - tls: How to speak HTTPS, or `nil` for plain HTTP.
        ///   - logLevel: The server's log level.
        ///   - onReady: Called with the bound port once the server accepts connections.
        /// - Throws: When the server cannot bind or fails while running.
        package static func run(
            port: Int = 0,
            tls: DemoTLS? = nil,
            logLevel: Logger.Level = .info,
            onReady: @escaping @Sendable (Int) async -> Void
        ) async throws {
            try await makeApplication(
                port: port, tls: tls, connections: ConnectionCounter(), logLevel: logLevel, onReady: onReady
            ).run()
        }

        private static func makeApplication(
            port: Int,
            tls: DemoTLS?,
            connections: ConnectionCounter,
            logLevel: Logger.Level,
            onReady: @escaping @Sendable (Int) async -> Void
        ) throws -> some ApplicationProtocol {
            var logger = Logger(label: "DemoAPI")
            logger.logLevel = logLevel
            let state = DemoState()
            return Application(
                router: makeRouter(state: state, connections: connections),
                server: try tls?.serverBuilder(counting: connections, state: state)
                    ?? .http1WebSocketUpgrade { request, _, _ in await LiveRoutes.shouldUpgrade(request, state: state) },
                configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "DemoAPI"),
                onServerRunning: { channel in
                    await onReady(channel.localAddress?.port ?? port)
                },
                logger: logger
            )
        }

        /// The base URL of a server on `port`: `https` when `secure`.
        package static func baseURL(port: Int, secure: Bool = false) -> URL {
            URL(string: "\(secure ? "https" : "http")://127.0.0.1:\(port)")!
        }

        static func makeRouter(state: DemoState, connections: ConnectionCounter) -> Router<BasicRequestContext> {
            let router = Router()
            SeedRoutes.add(to: router)
            DiagnosticRoutes.add(to: router, state: state)
            CookieRoutes.add(to: router)
            DownloadRoutes.add(to: router, state: state)
            AuthRoutes.add(to: router, state: state)
            RetryRoutes.add(to: router, state: state)
            UploadRoutes.add(to: router, state: state)
            CompressionRoutes.add(to: router)
            StreamRoutes.add(to: router, state: state)
            CacheRoutes.add(to: router, state: state)
            OutboxRoutes.add(to: router)
            ObservedRoutes.add(to: router, state: state)
            ConnectionRoutes.add(to: router, connections: connections)
            return router
        }
    }

    /// Why the demo server could not run.
    package enum DemoServerError: Error {
        case didNotStart
    }
#endif
