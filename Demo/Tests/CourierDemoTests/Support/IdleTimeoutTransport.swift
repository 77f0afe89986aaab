#if Demo
    import Courier
    import Foundation
    import NIOCore

    #if CourierNIO
        import AsyncHTTPClient
    #endif

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A transport of `kind` whose own idle timeout is `seconds`: URLSession's
    /// `timeoutIntervalForRequest`, or AsyncHTTPClient's read timeout (over a client of its own, to
    /// shut down).
    struct IdleTimeoutTransport {
        let transport: any Transport
        private let stop: @Sendable () async throws -> Void

        init(_ kind: TransportKind, seconds: Int) throws {
            switch kind {
            case .urlSession:
                let configuration = URLSessionTransport.recommendedConfiguration
                configuration.timeoutIntervalForRequest = TimeInterval(seconds)
                transport = URLSessionTransport(configuration: configuration)
                stop = {}
            case .asyncHTTPClient:
                #if CourierNIO
                    var configuration = AsyncHTTPClientTransport.recommendedConfiguration
                    configuration.timeout.read = .seconds(Int64(seconds))
                    let client = HTTPClient(
                        eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
                    transport = AsyncHTTPClientTransport(
                        client: client, decompressionRatio: AsyncHTTPClientTransport.defaultDecompressionRatio)
                    stop = { try await client.shutdown() }
                #else
                    transport = kind.transport
                    stop = {}
                #endif
            }
        }

        func shutdown() async throws {
            try await stop()
        }
    }
#endif
