#if OpenAPI
    import CourierCore
    import Foundation
    import HTTPTypes

    /// Converts between a generated client's requests (a path relative to a server URL) and a
    /// Courier interceptor's (absolute).
    enum RelativeRequest {
        /// The request with the server URL's scheme, authority and path prefix.
        ///
        /// - Throws: `APIError.Kind.invalidRequest` when the server URL is not an http or https
        ///   URL with a host.
        static func absolute(_ request: HTTPRequest, baseURL: URL) throws(APIError) -> HTTPRequest {
            guard let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
                let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = components.percentEncodedHost, !host.isEmpty
            else {
                throw APIError(.invalidRequest, "The server URL is not an absolute http or https URL with a host.")
            }
            var absolute = request
            absolute.scheme = scheme
            absolute.authority = components.port.map { "\(host):\($0)" } ?? host
            let prefix =
                components.percentEncodedPath.hasSuffix("/")
                ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
            absolute.path = prefix + (request.path ?? "/")
            return absolute
        }

        /// The request an interceptor passed on, relative again: as the generated client sent it
        /// when the interceptor kept its target, or relative to the new origin when it changed it.
        static func relative(
            _ sent: HTTPRequest, to absolute: HTTPRequest, original: HTTPRequest, baseURL: URL
        ) -> (HTTPRequest, URL) {
            var relative = sent
            relative.scheme = nil
            relative.authority = nil
            guard sent.scheme != absolute.scheme || sent.authority != absolute.authority || sent.path != absolute.path,
                let scheme = sent.scheme, let authority = sent.authority,
                let origin = URL(string: "\(scheme)://\(authority)")
            else {
                relative.path = original.path
                return (relative, baseURL)
            }
            return (relative, origin)
        }
    }
#endif
