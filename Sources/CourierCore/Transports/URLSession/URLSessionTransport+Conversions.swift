import HTTPTypes
import HTTPTypesFoundation

#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
#else
    import Foundation
#endif

/// Between Courier's types and Foundation's: the request going out, the head coming back, and the
/// errors that mean a refused network.
extension URLSessionTransport {
    /// Converts a request to a `URLRequest`, asking for `gzip` and `deflate` when the request does
    /// not say which encodings it accepts.
    static func makeURLRequest(
        _ request: HTTPRequest, body: Data?, networkAccess: NetworkAccess = NetworkAccess()
    ) throws -> URLRequest {
        guard var urlRequest = URLRequest(httpRequest: request) else {
            throw URLError(.badURL)
        }
        if request.headerFields[.acceptEncoding] == nil {
            urlRequest.setValue(ContentDecoding.acceptEncoding, forHTTPHeaderField: "Accept-Encoding")
        }
        urlRequest.httpBody = body
        #if !canImport(FoundationNetworking)
            urlRequest.allowsConstrainedNetworkAccess = networkAccess.allowsConstrained
            urlRequest.allowsExpensiveNetworkAccess = networkAccess.allowsExpensive
        #endif
        return urlRequest
    }

    /// Reports a network refused by ``NetworkAccess`` as ``ConstrainedNetworkError``.
    static func mapError(_ error: any Error) -> any Error {
        #if !canImport(FoundationNetworking)
            if let urlError = error as? URLError {
                switch urlError.networkUnavailableReason {
                case .constrained: return ConstrainedNetworkError(reason: .constrained)
                case .expensive: return ConstrainedNetworkError(reason: .expensive)
                default: break
                }
            }
        #endif
        return error
    }

    /// Converts a `URLResponse` to an `HTTPResponse`, one `Set-Cookie` field per cookie.
    static func makeResponse(_ response: URLResponse) throws -> HTTPResponse {
        guard var httpResponse = (response as? HTTPURLResponse)?.httpResponse else {
            throw URLError(.badServerResponse)
        }
        httpResponse.status = ReasonPhrases.filling(httpResponse.status)
        // More than one Content-Length (FoundationNetworking joins them with commas) makes the
        // body's framing ambiguous, the ground request smuggling grows on: refused, as
        // AsyncHTTPClient refuses it.
        var lengths = 0
        for field in httpResponse.headerFields where field.name == .contentLength {
            lengths += field.value.contains(",") ? 2 : 1
        }
        guard lengths <= 1 else { throw URLError(.badServerResponse) }
        // URLSession joins repeated Set-Cookie fields too, which RFC 6265 forbids: one value per cookie.
        let setCookies = httpResponse.headerFields[values: .setCookie]
        let cookies = setCookies.flatMap { JoinedSetCookie.split($0) }
        if cookies.count != setCookies.count {
            httpResponse.headerFields[values: .setCookie] = cookies
        }
        return httpResponse
    }
}
