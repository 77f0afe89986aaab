import Foundation
import HTTPTypes

/// An origin as RFC 6454 compares them: the scheme, the host and the port, lowercased, with the
/// scheme's default port filled in. What redirects and credential scopes compare.
struct WebOrigin: Hashable, Sendable, CustomStringConvertible {
    let scheme: String
    let host: String
    let port: Int

    /// The origin of an absolute `http` or `https` URL; `nil` for one without a host.
    init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme, let host = components.percentEncodedHost, !host.isEmpty
        else { return nil }
        self.init(scheme: scheme, host: host, port: components.port)
    }

    /// The origin a request is sent to, from its scheme and authority.
    init?(_ request: HTTPRequest) {
        guard let scheme = request.scheme, let whole = request.authority else { return nil }
        var authority = whole[...]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let host: Substring
        var port: Substring = ""
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[authority.index(after: authority.startIndex)..<close]
            port = authority[authority.index(after: close)...].drop { $0 == ":" }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty else { return nil }
        self.init(scheme: String(scheme), host: String(host), port: port.isEmpty ? nil : Int(port))
    }

    private init(scheme: String, host: String, port: Int?) {
        let scheme = scheme.lowercased()
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.scheme = scheme
        self.host = host
        self.port = port ?? (scheme == "https" ? 443 : 80)
    }

    /// Like `https://api.example.com`, the port shown when it is not the scheme's default.
    var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let isDefault = port == (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(shownHost)\(isDefault ? "" : ":\(port)")"
    }
}
