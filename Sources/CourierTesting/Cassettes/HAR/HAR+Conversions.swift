import CourierCore
import Foundation
import HTTPTypes

extension HAR.Request {
    /// A request as a cassette writes it: already without secrets.
    init(_ request: HTTPRequest, body: Data?, httpVersion: String) {
        let url = "\(request.scheme ?? "http")://\(request.authority ?? "")\(request.path ?? "/")"
        let mimeType = request.headerFields[.contentType] ?? "application/octet-stream"
        self.init(
            method: request.method.rawValue, url: url, httpVersion: httpVersion,
            cookies: HAR.Cookie.sent(in: request.headerFields), headers: HAR.NameValue.list(request.headerFields),
            queryString: HAR.NameValue.query(of: request.path ?? ""),
            postData: body.map { body in
                let (text, encoding) = HAR.bodyText(body, mimeType: mimeType)
                return HAR.PostData(mimeType: mimeType, text: text, params: nil, encoding: encoding, comment: nil)
            },
            headersSize: -1, bodySize: body?.count ?? 0, comment: nil)
    }

    /// The request as Courier's types hold it: a `RecordingTransport.Record`; `nil` for a URL that
    /// is not absolute.
    var record: RecordingTransport.Record? {
        // Split by hand, not by `URLComponents`, which would re-encode a placeholder's `<` and `>`.
        guard let separator = url.range(of: "://") else { return nil }
        var scheme = String(url[..<separator.lowerBound])
        // A browser records a WebSocket's handshake at its `ws` or `wss` URL; Courier sends it as
        // `http` or `https`.
        if scheme == "ws" { scheme = "http" }
        if scheme == "wss" { scheme = "https" }
        let rest = url[separator.upperBound...].prefix { $0 != "#" }
        let slash = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = String(rest[..<slash])
        var target = String(rest[slash...])
        if target.isEmpty || target.hasPrefix("?") { target = "/" + target }
        guard !scheme.isEmpty, !authority.isEmpty else { return nil }
        let request = HTTPRequest(
            method: HTTPRequest.Method(method) ?? .get, scheme: scheme, authority: authority, path: target,
            headerFields: HAR.NameValue.fields(headers))
        return RecordingTransport.Record(request: request, body: postData?.data)
    }
}

extension HAR.Response {
    /// A response as a cassette writes it: already without secrets.
    init(_ response: HTTPResponse, body: Data, chunks: [HAR.Chunk]?, httpVersion: String, failure: HAR.Failure?) {
        let mimeType = response.headerFields[.contentType] ?? ""
        let (text, encoding) = HAR.bodyText(body, mimeType: mimeType)
        self.init(
            status: response.status.code, statusText: response.status.reasonPhrase, httpVersion: httpVersion,
            cookies: HAR.Cookie.set(in: response.headerFields), headers: HAR.NameValue.list(response.headerFields),
            content: HAR.Content(
                size: body.count, compression: nil, mimeType: mimeType, text: text, encoding: encoding, comment: nil,
                chunks: chunks),
            redirectURL: response.headerFields[.location] ?? "", headersSize: -1, bodySize: body.count, comment: nil,
            failure: failure, browserError: nil)
    }

    /// An exchange that failed before its head.
    init(failure: HAR.Failure) {
        self.init(
            status: 0, statusText: "", httpVersion: "", cookies: [], headers: [],
            content: HAR.Content(size: 0, mimeType: "x-unknown"), redirectURL: "", headersSize: -1, bodySize: -1,
            comment: nil, failure: failure, browserError: nil)
    }

    /// The head as Courier's types hold it; `nil` for an exchange that failed before its head.
    var head: HTTPResponse? {
        guard (100...999).contains(status) else { return nil }
        return HTTPResponse(
            status: HTTPResponse.Status(code: status, reasonPhrase: statusText),
            headerFields: HAR.NameValue.fields(headers))
    }
}

extension HAR.Content {
    init(size: Int, mimeType: String) {
        self.init(size: size, compression: nil, mimeType: mimeType, text: nil, encoding: nil, comment: nil, chunks: nil)
    }
}

extension HAR {
    /// A body as HAR text: as it is when it is text, in base64 (`encoding: "base64"`) otherwise.
    static func bodyText(_ body: Data, mimeType: String) -> (text: String?, encoding: String?) {
        if body.isEmpty { return ("", nil) }
        let type = mimeType.lowercased()
        let textual =
            type.hasPrefix("text/") || type.contains("json") || type.contains("xml") || type.contains("javascript")
            || type.contains("x-www-form-urlencoded") || type.contains("event-stream") || type.contains("graphql")
        if textual, let text = String(data: body, encoding: .utf8) { return (text, nil) }
        return (body.base64EncodedString(), "base64")
    }
}

extension HAR.NameValue {
    static func list(_ fields: HTTPFields) -> [HAR.NameValue] {
        fields.map { HAR.NameValue(name: $0.name.rawName, value: $0.value) }
    }

    /// Header fields from a list; HTTP/2 pseudo-header fields (`:authority`, which browsers
    /// export) and invalid names are left out.
    static func fields(_ list: [HAR.NameValue]) -> HTTPFields {
        var fields = HTTPFields()
        for pair in list where !pair.name.hasPrefix(":") {
            if let name = HTTPField.Name(pair.name) { fields.append(HTTPField(name: name, value: pair.value)) }
        }
        return fields
    }

    /// A request target's query parameters, percent-decoded.
    static func query(of target: String) -> [HAR.NameValue] {
        guard let mark = target.firstIndex(of: "?") else { return [] }
        return target[target.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return HAR.NameValue(
                name: FormText.decode(parts[0]), value: parts.count > 1 ? FormText.decode(parts[1]) : "")
        }
    }
}

extension HAR.Cookie {
    /// The cookies of a request's `Cookie` fields.
    static func sent(in fields: HTTPFields) -> [HAR.Cookie] {
        fields[values: .cookie].flatMap { $0.split(separator: ";") }.compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard let name = parts.first?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
            return HAR.Cookie(name: name, value: parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The cookies a response's `Set-Cookie` fields set.
    static func set(in fields: HTTPFields) -> [HAR.Cookie] {
        fields[values: .setCookie].compactMap { line in
            let attributes = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = attributes.first?.split(separator: "=", maxSplits: 1), let name = pair.first else {
                return nil
            }
            var cookie = HAR.Cookie(name: String(name), value: pair.count > 1 ? String(pair[1]) : "")
            for attribute in attributes.dropFirst() {
                let parts = attribute.split(separator: "=", maxSplits: 1).map(String.init)
                switch parts[0].lowercased() {
                case "path": cookie.path = parts.count > 1 ? parts[1] : nil
                case "domain": cookie.domain = parts.count > 1 ? parts[1] : nil
                case "httponly": cookie.httpOnly = true
                case "secure": cookie.secure = true
                default: break
                }
            }
            return cookie
        }
    }

    init(name: String, value: String) {
        self.init(name: name, value: value, path: nil, domain: nil, httpOnly: nil, secure: nil)
    }
}
