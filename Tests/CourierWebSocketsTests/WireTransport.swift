import CourierCore
import Foundation
import Testing

/// A transport the wire tests open WebSockets over, against Python's `websockets` on 127.0.0.1.
struct WireTransport: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// Whether Courier makes the frames (SwiftNIO), not the platform (URLSession, which also keeps
    /// a refused handshake's body to itself).
    let makesFrames: Bool
    private let make: @Sendable () -> any Transport

    func client(_ url: URL, interceptors: [any Interceptor] = []) -> APIClient {
        APIClient(baseURL: url, transport: make(), interceptors: interceptors)
    }

    #if CourierNIO
        /// SwiftNIO, through `AsyncHTTPClientTransport`'s event loops.
        static let nio = WireTransport(testDescription: "SwiftNIO", makesFrames: true) {
            AsyncHTTPClientTransport.shared
        }
    #endif

    /// URLSession (`URLSessionWebSocketTask`), on Apple platforms.
    static let urlSession = WireTransport(testDescription: "URLSession", makesFrames: false) {
        URLSessionTransport()
    }

    /// The transports that open WebSockets here: SwiftNIO with the `AsyncHTTPClient` trait, and
    /// URLSession on Apple platforms (FoundationNetworking's libcurl has no WebSockets: on Linux
    /// `URLSessionSocketTests` checks the loud refusal instead).
    static var available: [WireTransport] {
        var transports: [WireTransport] = []
        #if CourierNIO
            transports.append(.nio)
        #endif
        #if !canImport(FoundationNetworking)
            transports.append(.urlSession)
        #endif
        return transports
    }

    /// Those of ``available`` whose frames Courier makes.
    static var framing: [WireTransport] { available.filter(\.makesFrames) }
}
