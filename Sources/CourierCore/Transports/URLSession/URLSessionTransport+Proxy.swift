import HTTPTypes

#if canImport(FoundationNetworking)
    extension URLSessionTransport {
        /// The error for every call over a configuration whose proxy FoundationNetworking would
        /// ignore (swift-corelibs-foundation passes no proxy setting to curl): nothing is sent
        /// rather than sent around the proxy.
        static func proxySettingsIgnored(_ request: HTTPRequest) -> APIError {
            APIError(
                .invalidRequest,
                "FoundationNetworking ignores the session configuration's connectionProxyDictionary, so this call "
                    + "would not go through the proxy: use AsyncHTTPClientTransport with its configuration's proxy, "
                    + "or curl's http_proxy and https_proxy environment variables for the whole process.",
                request: request)
        }
    }
#endif
