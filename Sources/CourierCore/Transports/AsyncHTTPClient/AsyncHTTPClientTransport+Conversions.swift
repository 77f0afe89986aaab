#if CourierNIO
    import AsyncHTTPClient
    import Foundation
    package import HTTPTypes
    import NIOCore
    package import NIOHTTP1

    /// Between Courier's types and AsyncHTTPClient's: the request going out, the head coming back.
    extension AsyncHTTPClientTransport {
        /// Converts a request to AsyncHTTPClient's request type.
        ///
        /// - Parameters:
        ///   - request: The request.
        ///   - body: Its body, if any.
        ///   - acceptEncoding: The `Accept-Encoding` to send when the request sets none.
        /// - Returns: The request as AsyncHTTPClient's type.
        /// - Throws: `HTTPClientError.invalidURL` for a request without a URL.
        static func makeClientRequest(
            _ request: HTTPRequest, body: OutgoingBody?, acceptEncoding: String?
        ) throws -> HTTPClientRequest {
            var clientRequest = HTTPClientRequest(url: try urlString(of: request))
            clientRequest.method = HTTPMethod(rawValue: request.method.rawValue)
            clientRequest.headers = makeHeaders(request.headerFields, acceptEncoding: acceptEncoding)
            if let body {
                if let data = body.data, !body.reportsProgress {
                    clientRequest.body = .bytes(ByteBuffer(bytes: data))
                } else {
                    // Read as AsyncHTTPClient asks for more, so a file never sits in memory whole.
                    // A streamed body of unknown length goes out chunked.
                    let length: HTTPClientRequest.Body.Length = body.length >= 0 ? .known(body.length) : .unknown
                    clientRequest.body = .stream(BufferSequence(base: body.chunks()), length: length)
                }
            }
            return clientRequest
        }

        /// The request's URL as text, which AsyncHTTPClient parses itself: building a Foundation
        /// `URL` first (`HTTPRequest.url`) would parse it twice.
        ///
        /// - Throws: `HTTPClientError.invalidURL` for a request without a scheme, authority or path.
        static func urlString(of request: HTTPRequest) throws -> String {
            guard let scheme = request.scheme, let authority = request.authority, let path = request.path,
                path.hasPrefix("/")
            else {
                throw HTTPClientError.invalidURL
            }
            var url = ""
            url.reserveCapacity(scheme.utf8.count + 3 + authority.utf8.count + path.utf8.count)
            url += scheme
            url += "://"
            url += authority
            url += path
            return url
        }

        /// Converts header fields to AsyncHTTPClient's type, the cookies in one `Cookie` field.
        ///
        /// `HTTPFields` keeps a `Cookie` field per cookie (setting `fields[.cookie]` splits the value
        /// at `"; "`), as HTTP/2 may send them, and AsyncHTTPClient writes each field as a line of its
        /// own. On HTTP/1.1 a request carries at most one `Cookie` field (RFC 6265, section 5.4): a
        /// server that reads one line loses the other cookies, one that joins the lines with `", "`
        /// reads one corrupted cookie. The values go out joined with `"; "`, in place of the first,
        /// which HTTP/2 accepts as well.
        ///
        /// - Parameters:
        ///   - fields: The request's fields.
        ///   - acceptEncoding: The `Accept-Encoding` to add when `fields` has none.
        /// - Returns: The fields as AsyncHTTPClient's type.
        package static func makeHeaders(_ fields: HTTPFields, acceptEncoding: String?) -> HTTPHeaders {
            var headers = HTTPHeaders()
            headers.reserveCapacity(fields.count + 1)
            var cookiesAdded = false
            for field in fields {
                guard field.name == .cookie else {
                    headers.add(name: field.name.rawName, value: field.value)
                    continue
                }
                if !cookiesAdded, let cookies = fields[.cookie] {  // every Cookie value, joined with "; "
                    headers.add(name: field.name.rawName, value: cookies)
                    cookiesAdded = true
                }
            }
            if let acceptEncoding, fields[.acceptEncoding] == nil {
                headers.add(name: "Accept-Encoding", value: acceptEncoding)
            }
            return headers
        }

        /// Converts AsyncHTTPClient's response head to an `HTTPResponse`.
        package static func makeResponse(status: HTTPResponseStatus, headers: HTTPHeaders) -> HTTPResponse {
            var fields = HTTPFields()
            fields.reserveCapacity(headers.count)
            for (name, value) in headers {
                if let name = WellKnownFieldNames.name(name) {
                    fields.append(HTTPField(name: name, value: value))
                }
            }
            return HTTPResponse(
                status: HTTPResponse.Status(code: Int(status.code), reasonPhrase: status.reasonPhrase),
                headerFields: fields)
        }
    }

    /// A request body's chunks as AsyncHTTPClient's buffers.
    private struct BufferSequence: AsyncSequence, Sendable {
        typealias Element = ByteBuffer

        let base: OutgoingBody.Chunks

        func makeAsyncIterator() -> Iterator {
            Iterator(base: base.makeAsyncIterator())
        }

        struct Iterator: AsyncIteratorProtocol {
            var base: OutgoingBody.Chunks.Iterator

            mutating func next() async throws -> ByteBuffer? {
                try await base.next().map { ByteBuffer(bytes: $0) }
            }
        }
    }
#endif
