import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocol` that answers every request at once with ``LoopbackServer/body``, in the
/// process: the session runs its delegate callbacks and queues as for the network, but no
/// socket, libcurl transfer or timer adds allocations that vary from call to call, so a count
/// over it repeats, and a call of Courier's URLSession transport that allocates once more shows.
///
/// `@unchecked Sendable`: it stores nothing of its own (`body` is an immutable `static let`);
/// `request` and `client` are URLProtocol's, set when the session creates the instance and only
/// read afterwards, by the session that owns it.
final class AnsweringProtocol: URLProtocol, @unchecked Sendable {
    static let body = Data(LoopbackServer.body.utf8)

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let response = HTTPURLResponse(
            url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json", "Content-Length": "\(Self.body.count)"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Self.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}

    /// A configuration whose sessions answer with this protocol only.
    static var configuration: URLSessionConfiguration {
        let configuration = URLSessionTransport.recommendedConfiguration
        configuration.protocolClasses = [AnsweringProtocol.self]
        return configuration
    }
}
