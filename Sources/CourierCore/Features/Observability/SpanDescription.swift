#if Observability
    import HTTPTypes
    import Tracing

    /// The attributes of Courier's spans, after OpenTelemetry's semantic conventions for HTTP
    /// clients: `http.request.method`, `server.address`, `server.port`, `url.full` (redacted),
    /// `http.response.status_code` and `error.type`.
    enum SpanDescription {
        /// Describes the request a span is about.
        static func describe(_ request: HTTPRequest, redaction: Redaction, in span: any Span) {
            let (address, port) = server(of: request)
            span.updateAttributes { attributes in
                attributes["http.request.method"] = request.method.rawValue
                attributes["url.full"] = redaction.displayURL(of: request)
                if let address {
                    attributes["server.address"] = address
                }
                if let port {
                    attributes["server.port"] = port
                }
            }
        }

        /// Describes how a span's request ended, and marks it failed for an error or a status of 400
        /// and above.
        static func describe(status: HTTPResponse.Status?, error: APIError?, in span: any Span) {
            if let status {
                span.attributes["http.response.status_code"] = status.code
            }
            let errorType: String? =
                if let error, error.kind != .unacceptableStatus || status == nil {
                    error.kind.description
                } else if let status, status.code >= 400 {
                    String(status.code)
                } else {
                    nil
                }
            if let errorType {
                span.attributes["error.type"] = errorType
                span.setStatus(SpanStatus(code: .error, message: errorType))
            }
        }

        /// The host and port a request goes to; the port is the scheme's default when the authority
        /// names none.
        static func server(of request: HTTPRequest) -> (String?, Int?) {
            guard let authority = request.authority else { return (nil, nil) }
            var host = Substring(authority)
            var port: Int?
            if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
                host = authority[..<colon]
                port = Int(authority[authority.index(after: colon)...])
            }
            if port == nil {
                switch request.scheme?.lowercased() {
                case "https": port = 443
                case "http": port = 80
                default: break
                }
            }
            if host.hasPrefix("["), host.hasSuffix("]") {
                host = host.dropFirst().dropLast()
            }
            return (String(host), port)
        }
    }
#endif
