package import Foundation
import Hummingbird
package import Logging
import NIOCore

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
    package static func withRunning<Result: Sendable>(
        port: Int = 0,
        _ body: (URL) async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self) { group in
            let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
            group.addTask {
                defer { portSink.finish() }
                try await run(port: port, logLevel: .critical) { port in portSink.yield(port) }
            }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            guard let boundPort = await iterator.next() else {
                try await group.next()
                throw DemoServerError.didNotStart
            }
            return try await body(baseURL(port: boundPort))
        }
    }

    /// Runs the server until the calling task is cancelled.
    ///
    /// - Parameters:
    ///   - port: The port to listen on; `0` picks a free one.
    ///   - logLevel: The server's log level.
    ///   - onReady: Called with the bound port once the server accepts connections.
    /// - Throws: When the server cannot bind or fails while running.
    package static func run(
        port: Int = 0,
        logLevel: Logger.Level = .info,
        onReady: @escaping @Sendable (Int) async -> Void
    ) async throws {
        var logger = Logger(label: "DemoAPI")
        logger.logLevel = logLevel
        let app = Application(
            router: makeRouter(),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "DemoAPI"),
            onServerRunning: { channel in
                await onReady(channel.localAddress?.port ?? port)
            },
            logger: logger
        )
        try await app.run()
    }

    /// The base URL of a server on `port`.
    package static func baseURL(port: Int) -> URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    static func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        SeedRoutes.add(to: router)
        DiagnosticRoutes.add(to: router)
        return router
    }
}

/// Why the demo server could not run.
package enum DemoServerError: Error {
    case didNotStart
}
