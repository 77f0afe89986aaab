package import Foundation
package import HTTPTypes

/// One call, prepared: what is sent, with the facts every step needs. Made by ``RequestBuilder``
/// from an ``APIRequest`` or from a request built elsewhere (a generated OpenAPI client), so that
/// both run the same way.
package struct PreparedCall: Sendable {
    package var request: HTTPRequest
    var body: OutgoingBody?
    /// The base URL the path was joined to.
    let baseURL: URL
    /// The name errors, logs and metrics give the call: the request type's, or an operation's.
    let name: String
    let options: RequestOptions
    /// The call's time limit.
    let timeout: Duration
    /// The statuses the call accepts; `nil` to return every response (a generated client validates
    /// its own). A download asking for the rest of its body accepts its `206` too.
    package var acceptableStatusCodes: StatusCodes?
    /// The origin of the client's base URL, where credentials go by default
    /// (``CredentialScope/clientOrigin``); for a generated client's call, its server's.
    let clientOrigin: WebOrigin?
    /// The request's own decoder, when it has one (`nil`: the client's). A failed call's error
    /// decodes its body with it (``APIError/decodeBody(as:using:)``).
    var decoder: JSONDecoder? = nil
}

/// Turns an ``APIRequest`` into the `HTTPRequest` and body to send, checking everything that
/// must not reach the wire: a path leaving the base URL's origin, a body on `GET` or `HEAD`.
package struct RequestBuilder: Sendable {
    let baseURL: URL?
    let encoder: JSONEncoder
    let timeout: Duration
    let origins: OriginCache
    /// The client's header fields.
    private let defaults: HTTPFields
    /// The client's header fields as a request without its own sends them (with `User-Agent`).
    private let defaultsWithUserAgent: HTTPFields
    /// The parsed origin of the client's base URL, worked out once.
    private let baseOrigin: Result<Origin, APIError>?
    /// The client's base URL's origin as credential scopes compare it, worked out once.
    private let clientOrigin: WebOrigin?

    init(
        baseURL: URL? = nil, headers: HTTPFields = HTTPFields(), encoder: JSONEncoder = JSONEncoder(),
        timeout: Duration = .seconds(60), origins: OriginCache = OriginCache()
    ) {
        self.baseURL = baseURL
        self.encoder = encoder
        self.timeout = timeout
        self.origins = origins
        defaults = headers
        defaultsWithUserAgent = Self.addingUserAgent(headers)
        clientOrigin = baseURL.flatMap(WebOrigin.init)
        baseOrigin = baseURL.map { url in
            do throws(APIError) {
                return .success(try Self.origin(of: url))
            } catch {
                return .failure(error)
            }
        }
    }

    init(configuration: APIClient.Configuration) {
        self.init(
            baseURL: configuration.baseURL, headers: configuration.headers, encoder: configuration.encoder,
            timeout: configuration.timeout, origins: configuration.origins)
    }

    /// Prepares a call of an ``APIRequest``.
    package func prepare<Request: APIRequest>(_ request: Request) throws(APIError) -> PreparedCall {
        let method = request.method
        let ownBaseURL = request.baseURL.resolvedBaseURL
        guard let baseURL = ownBaseURL ?? self.baseURL else {
            throw APIError(
                .invalidRequest,
                "Neither the request nor the client has a base URL: pass one to APIClient(baseURL:) or "
                    + "give the request a baseURL."
            )
        }
        let base =
            if ownBaseURL == nil, let baseOrigin {
                try baseOrigin.get()  // the client's own base URL: parsed when the client was made
            } else {
                try origins.origin(of: baseURL)
            }
        let requestPath = request.path
        let path =
            if let plain = PlainPath.joined(base.path, requestPath) {
                plain
            } else {
                try Self.join(base.path, Self.checkedPath(requestPath))
            }
        let query = request.query
        let target = query.isEmpty ? path : path + "?" + query.percentEncoded
        var httpRequest = HTTPRequest(method: method, scheme: base.scheme, authority: base.authority, path: target)
        httpRequest.headerFields = headerFields(request.headers.resolvedHeaderFields)
        var call = PreparedCall(
            request: httpRequest, body: nil, baseURL: baseURL, name: Memo.name(of: Request.self),
            options: request.options, timeout: request.timeout.resolvedTimeout ?? timeout,
            acceptableStatusCodes: request.acceptableStatusCodes.resolvedStatusCodes, clientOrigin: clientOrigin,
            decoder: request.decoder.resolvedDecoder)
        guard let body = request.body.resolvedBody else { return call }
        call.body = try encode(body, for: httpRequest)
        call.request.headerFields[.contentType] = ContentType.resolve(
            declared: httpRequest.headerFields[.contentType], body: body.contentType)
        return call
    }

    /// A request's body, encoded with the client's encoder; refused on `GET` and `HEAD`.
    func encode(_ body: RequestBody, for request: HTTPRequest) throws(APIError) -> OutgoingBody {
        guard request.method != .get, request.method != .head else {
            throw APIError(.invalidRequest, "A \(request.method) request cannot have a body.", request: request)
        }
        do {
            return try body.encoded(with: encoder)
        } catch let error as APIError {
            var error = error
            error.request = request
            throw error
        } catch {
            throw APIError(.encoding, "The request body could not be encoded.", request: request, underlying: error)
        }
    }

    /// Prepares a call of a request built elsewhere (a generated OpenAPI client, an outbox's entry):
    /// its path, with any query already percent-encoded, is joined to `baseURL`'s by the same
    /// rules; its scheme and authority are ignored. Every response is returned: the caller
    /// validates statuses. The call's time limit is `timeout`, or the client's.
    func prepare(
        _ request: HTTPRequest, body: OutgoingBody?, baseURL: URL, name: String, timeout: Duration? = nil
    ) throws(APIError) -> PreparedCall {
        let base = try origins.origin(of: baseURL)
        let target = request.path ?? "/"
        let mark = target.firstIndex(of: "?") ?? target.endIndex
        guard !target[..<mark].contains("#") else {
            throw APIError(.invalidRequest, "The path '\(target[..<mark])' has a fragment, which is never sent.")
        }
        var prepared = request
        prepared.scheme = base.scheme
        prepared.authority = base.authority
        prepared.path = try Self.join(base.path, String(target[..<mark])) + target[mark...]
        prepared.headerFields = headerFields(request.headerFields)
        return PreparedCall(
            request: prepared, body: body, baseURL: baseURL, name: name, options: RequestOptions(),
            timeout: timeout ?? self.timeout, acceptableStatusCodes: nil,
            clientOrigin: clientOrigin ?? WebOrigin(prepared))
    }

    /// The parts of a base URL a request is built on.
    package struct Origin: Sendable {
        var scheme: String
        var authority: String
        package var path: String
    }

    package static func origin(of url: URL) throws(APIError) -> Origin {
        let shown = Redaction.standard.scrub(url.absoluteString)
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.percentEncodedHost, !host.isEmpty
        else {
            throw APIError(
                .invalidRequest, "The base URL '\(shown)' is not an absolute http or https URL with a host.")
        }
        guard components.user == nil, components.password == nil else {
            throw APIError(
                .invalidRequest,
                "The base URL '\(shown)' carries credentials; send them with an Authorization header instead."
            )
        }
        guard components.percentEncodedQuery == nil, components.fragment == nil else {
            throw APIError(
                .invalidRequest,
                "The base URL '\(shown)' has a query or a fragment; put query parameters in the request's query."
            )
        }
        let bracketedHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let authority = components.port.map { "\(bracketedHost):\($0)" } ?? bracketedHost
        return Origin(scheme: scheme, authority: authority, path: components.percentEncodedPath)
    }

    /// A request's path, percent-encoded, refusing a query, a fragment, another host or an absolute
    /// URL in it.
    package static func checkedPath(_ path: String) throws(APIError) -> String {
        // Scanned as bytes: both marks are ASCII, and a scan by Character costs grapheme breaking.
        if let mark = path.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            // Only what comes before the mark is shown: a query written into the path may hold a secret.
            let shown = path[..<mark] + (path[mark] == "?" ? "?…" : "#…")
            throw APIError(
                .invalidRequest,
                "The path '\(shown)' has a '\(path[mark])'; put query parameters in the request's query, "
                    + "where they are encoded and their secrets redacted."
            )
        }
        let first = path.utf8.first
        if (first == UInt8(ascii: "/") && path.utf8.dropFirst().first == UInt8(ascii: "/"))
            || first == UInt8(ascii: "\\")
        {
            throw APIError(
                .invalidRequest, "The path '\(path)' names another host; paths are relative to the base URL.")
        }
        if first != UInt8(ascii: "/"), let colon = path.utf8.firstIndex(of: UInt8(ascii: ":")),
            !path.utf8[..<colon].contains(UInt8(ascii: "/")), isScheme(path[..<colon])
        {
            throw APIError(
                .invalidRequest, "The path '\(path)' is an absolute URL; paths are relative to the base URL.")
        }
        return PercentEncoding.encodePath(path)
    }

    /// Joins an encoded path to the base URL's path, refusing anything that could leave it: another
    /// host (`//host`, a backslash), a `.` or `..` segment. The one join every call's path takes.
    package static func join(_ basePath: String, _ encoded: String) throws(APIError) -> String {
        let bytes = encoded.utf8
        let first = bytes.first
        let second = first == nil ? nil : bytes.dropFirst().first
        if (first == UInt8(ascii: "/") && second == UInt8(ascii: "/")) || first == UInt8(ascii: "\\") {
            throw APIError(
                .invalidRequest, "The path '\(encoded)' names another host; paths are relative to the base URL.")
        }
        if hasDotSegment(encoded) {
            throw APIError(
                .invalidRequest,
                "The path '\(encoded)' has a '.' or '..' segment, which could leave the base URL's path."
            )
        }
        let prefix = basePath.utf8.last == UInt8(ascii: "/") ? basePath.dropLast() : Substring(basePath)
        if prefix.isEmpty, first == UInt8(ascii: "/") { return encoded }  // the usual case: no copy
        let relative = encoded.drop(while: { $0 == "/" })
        if relative.isEmpty {
            return prefix.isEmpty ? "/" : String(prefix) + (encoded.isEmpty ? "" : "/")
        }
        var joined = String(prefix)
        joined.reserveCapacity(prefix.utf8.count + 1 + relative.utf8.count)
        joined += "/"
        joined += relative
        return joined
    }

    /// Whether an encoded path has a `.` or `..` segment, also when written with escapes (`%2e`)
    /// or separated by an escaped slash or a backslash.
    static func hasDotSegment(_ encoded: String) -> Bool {
        guard encoded.utf8.contains(UInt8(ascii: "%")) else { return hasDotPart(encoded.utf8) }
        return hasDotPart(PercentEncoding.decode(encoded[...]).utf8)  // `%2F` and `%5C` split too
    }

    /// Whether bytes split at `/` and `\` have a part that is `.` or `..`, without copying.
    private static func hasDotPart(_ bytes: some Collection<UInt8>) -> Bool {
        var dots = 0
        var other = false
        for byte in bytes {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") {
                if !other, dots == 1 || dots == 2 { return true }
                dots = 0
                other = false
            } else if byte == UInt8(ascii: ".") {
                dots += 1
            } else {
                other = true
            }
        }
        return !other && (dots == 1 || dots == 2)
    }

    /// Whether `text` has the form of a URI scheme: a letter, then letters, digits, `+`, `-`, `.`.
    private static func isScheme(_ text: Substring) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || "+-.".utf8.contains($0) }
    }

    /// The client's header fields with a request's own: a request's field replaces the client's
    /// fields of the same name, and `User-Agent` is added unless either sets one.
    func headerFields(_ own: HTTPFields) -> HTTPFields {
        if own.isEmpty { return defaultsWithUserAgent }
        var fields = defaults
        var replaced = Set<HTTPField.Name>()
        for field in own {
            if replaced.insert(field.name).inserted { fields[field.name] = nil }
            fields.append(field)
        }
        return Self.addingUserAgent(fields)
    }

    /// `fields` with the default `User-Agent` added, unless they set one.
    private static func addingUserAgent(_ fields: HTTPFields) -> HTTPFields {
        guard !fields.contains(.userAgent) else { return fields }
        var fields = fields
        fields.append(userAgent)
        return fields
    }

    /// The default `User-Agent` field, made (and its value checked) once.
    private static let userAgent = HTTPField(name: .userAgent, value: APIClient.defaultUserAgent)
}

extension APIRequest {
    /// The request as it is sent, before any interceptor, built on its own base URL: what a test
    /// double matches incoming requests against.
    package func preparedHTTPRequest() throws(APIError) -> HTTPRequest {
        try RequestBuilder().prepare(self).request
    }
}
