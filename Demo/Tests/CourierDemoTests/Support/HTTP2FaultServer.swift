#if Demo
    import DemoAPI
    import Foundation
    import NIOCore
    import NIOHTTP2
    import NIOPosix
    import NIOSSL
    import Synchronization

    /// An HTTP/2 server over TLS on 127.0.0.1 that misbehaves on purpose, frame by frame: it refuses
    /// streams, sends `GOAWAY` below or over a stream, resets streams after acting on them, stalls
    /// responses and withholds flow-control window, as `fault` decides for each request.
    ///
    /// It counts what it acted on (a request it processed, whether or not it then answered), so a
    /// test can check that the server acted exactly once.
    final class HTTP2FaultServer: Sendable {
        /// One request as the server received it.
        struct Request: Sendable {
            /// The connection it came on: 1 for the first the server accepted.
            let connection: Int
            /// Its place among its connection's requests: 1 for the first.
            let ordinal: Int
            let streamID: Int
            let method: String
            let path: String
        }

        /// What the server does with a request.
        enum Fault: Sendable {
            /// Acts on it and answers `200` with `ok`, after `delay`.
            case answer(after: Duration = .zero)
            /// Resets its stream with `REFUSED_STREAM` without acting on it.
            case refuse
            /// Sends `GOAWAY` with `lastStreamID` (below the request's stream, so unprocessed) and
            /// closes the connection shortly after, without acting on it.
            case goAway(lastStreamID: Int)
            /// Acts on it, sends `GOAWAY` covering its stream, and closes the connection.
            case actThenGoAwayAndClose
            /// Acts on it, then resets its stream with `code`.
            case actThenReset(HTTP2ErrorCode)
            /// Acts on it, sends the head and part of the body, then nothing more.
            case stall
        }

        /// What the server does with each request.
        typealias Script = @Sendable (Request) -> Fault

        /// What the server saw and did.
        final class Record: Sendable {
            let connections = Mutex(0)
            let received = Mutex<[Request]>([])
            let acted = Mutex<[Request]>([])
            let open = Mutex(0)
            let mostOpen = Mutex(0)
        }

        let port: Int
        let record: Record

        /// The connections accepted.
        var connections: Int { record.connections.withLock { $0 } }
        /// The requests whose head arrived, in order.
        var received: [Request] { record.received.withLock { $0 } }
        /// The requests the server acted on, in order.
        var acted: [Request] { record.acted.withLock { $0 } }
        /// The most streams open at once.
        var mostConcurrentStreams: Int { record.mostOpen.withLock { $0 } }
        /// `https://127.0.0.1:<port>`.
        var baseURL: URL { URL(string: "https://127.0.0.1:\(port)")! }

        private init(port: Int, record: Record) {
            self.port = port
            self.record = record
        }

        /// Starts a server whose certificate `authority` issued, announcing `settings`, runs `body`
        /// with it, and stops it.
        static func withRunning<Result: Sendable>(
            _ authority: CertificateAuthority,
            settings: HTTP2Settings = nioDefaultSettings,
            fault: @escaping Script,
            _ body: (HTTP2FaultServer) async throws -> Result
        ) async throws -> Result {
            var tls = DemoTLS(identity: try authority.issue()).serverConfiguration
            tls.applicationProtocols = ["h2"]
            let context = try NIOSSLContext(configuration: tls)
            let record = Record()
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    let number = record.connections.withLock {
                        $0 += 1
                        return $0
                    }
                    return channel.eventLoop.makeCompletedFuture {
                        let sync = channel.pipeline.syncOperations
                        try sync.addHandler(NIOSSLServerHandler(context: context))
                        try sync.addHandler(NIOHTTP2Handler(mode: .server, initialSettings: settings))
                        try sync.addHandler(FaultyStreams(connection: number, record: record, fault: fault))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            let server = HTTP2FaultServer(port: channel.localAddress?.port ?? 0, record: record)
            let outcome: Swift.Result<Result, any Error>
            do {
                outcome = .success(try await body(server))
            } catch {
                outcome = .failure(error)
            }
            try? await channel.close()
            return try outcome.get()
        }

    }
#endif
