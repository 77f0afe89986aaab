import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if CourierNIO
    import AsyncHTTPClient
    import NIOHTTP1
#endif

/// The transports' pure conversions, tested without a network.
@Suite("Transport conversions")
struct TransportConversionTests {
    static let request: HTTPRequest = {
        var request = HTTPRequest(
            method: .post, scheme: "https", authority: "api.example.com:8443", path: "/v1/items?q=a%2Bb")
        request.headerFields = [.contentType: "application/json", .accept: "application/json"]
        request.headerFields.append(HTTPField(name: .cookie, value: "a=1"))
        request.headerFields.append(HTTPField(name: .cookie, value: "b=2"))
        return request
    }()

    @Test func urlRequestKeepsMethodURLHeadersAndBody() throws {
        let urlRequest = try URLSessionTransport.makeURLRequest(Self.request, body: Data("{}".utf8))
        #expect(urlRequest.httpMethod == "POST")
        #expect(urlRequest.url?.absoluteString == "https://api.example.com:8443/v1/items?q=a%2Bb")
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(urlRequest.value(forHTTPHeaderField: "Cookie") == "a=1; b=2")
        #expect(urlRequest.httpBody == Data("{}".utf8))
    }

    @Test func urlResponseBecomesHTTPResponse() throws {
        let url = URL(string: "https://api.example.com")!
        let urlResponse = HTTPURLResponse(
            url: url, statusCode: 418, httpVersion: "HTTP/1.1", headerFields: ["X-Tea": "1"])!
        let response = try URLSessionTransport.makeResponse(urlResponse)
        #expect(response.status.code == 418)
        #expect(response.status.reasonPhrase.isEmpty || response.status.reasonPhrase == "I'm a teapot")
        let unauthorized = HTTPURLResponse(url: url, statusCode: 401, httpVersion: "HTTP/1.1", headerFields: [:])!
        #expect(try URLSessionTransport.makeResponse(unauthorized).status.description == "401 Unauthorized")
        #expect(response.headerFields[HTTPField.Name("X-Tea")!] == "1")
        #expect(throws: URLError.self) {
            try URLSessionTransport.makeResponse(
                URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil))
        }
    }

    /// URLSession joins repeated `Set-Cookie` fields with ", ": the response has one per cookie.
    @Test func joinedSetCookieFieldsBecomeOneFieldPerCookie() throws {
        let joined = "a=1; Path=/, b=2; Expires=Sun, 06 Nov 2094 08:49:37 GMT; Secure"
        let urlResponse = HTTPURLResponse(
            url: URL(string: "https://api.example.com")!, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Set-Cookie": joined, "Vary": "Accept, Accept-Encoding"])!
        let response = try URLSessionTransport.makeResponse(urlResponse)
        #expect(
            response.headerFields[values: .setCookie] == [
                "a=1; Path=/", "b=2; Expires=Sun, 06 Nov 2094 08:49:37 GMT; Secure",
            ])
        #expect(response.headerFields[values: .vary] == ["Accept, Accept-Encoding"])
    }

    #if CourierNIO
        @Test func clientRequestKeepsMethodURLHeadersAndBody() throws {
            let clientRequest = try AsyncHTTPClientTransport.makeClientRequest(
                Self.request, body: OutgoingBody(Data("{}".utf8)), acceptEncoding: nil)
            #expect(clientRequest.method == .POST)
            #expect(clientRequest.url == "https://api.example.com:8443/v1/items?q=a%2Bb")
            #expect(clientRequest.headers["content-type"] == ["application/json"])
            #expect(clientRequest.headers["cookie"] == ["a=1; b=2"])  // one field (RFC 6265, 5.4)
            #expect(clientRequest.body != nil)
        }

        @Test func clientResponseBecomesHTTPResponse() {
            let clientResponse = HTTPClientResponse(
                status: .init(statusCode: 599, reasonPhrase: "Slow Down"),
                headers: ["Retry-After": "3", "Set-Cookie": "a=1", "set-cookie": "b=2"]
            )
            let response = AsyncHTTPClientTransport.makeResponse(
                status: clientResponse.status, headers: clientResponse.headers)
            #expect(response.status.code == 599)
            #expect(response.status.reasonPhrase == "Slow Down")
            #expect(response.headerFields[.retryAfter] == "3")
            #expect(response.headerFields[values: .setCookie] == ["a=1", "b=2"])
        }
    #endif
}
