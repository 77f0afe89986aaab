import Foundation
import HTTPTypes

/// The next request of a redirect chain, built by the rules of ``RedirectPolicy``.
enum Redirect {
    /// Header fields that carry credentials and never cross to another origin.
    static let credentialFields: [HTTPField.Name] = [.authorization, .cookie, .proxyAuthorization]

    /// Header fields that describe a body, dropped with it.
    static let bodyFields: [HTTPField.Name] = [.contentType, .contentLength, .contentEncoding, .transferEncoding]

    /// The request to send after `response`, or `nil` when `response` is not a redirect to follow.
    static func next(
        after response: HTTPResponse,
        to request: HTTPRequest,
        body: OutgoingBody?,
        policy: RedirectPolicy
    ) throws(APIError) -> (hop: RedirectHop, body: OutgoingBody?)? {
        guard policy.isEnabled, [301, 302, 303, 307, 308].contains(response.status.code),
            let location = response.headerFields[.location],
            let current = request.url,
            let target = URL(string: location, relativeTo: current)?.absoluteURL,
            var components = URLComponents(url: target, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            components.host?.isEmpty == false
        else { return nil }

        if current.scheme?.lowercased() == "https" && scheme == "http" {
            throw APIError(
                .insecureRedirect,
                "The server redirected from https to http, which would send the request unencrypted.",
                request: request,
                response: response
            )
        }
        components.user = nil
        components.password = nil
        components.fragment = nil
        guard let url = components.url else { return nil }

        var next = HTTPRequest(method: request.method, url: url, headerFields: request.headerFields)
        var nextBody = body
        let code = response.status.code
        if (code == 303 && request.method != .head) || ((code == 301 || code == 302) && request.method == .post) {
            next.method = .get
            nextBody = nil
            for name in bodyFields { next.headerFields[name] = nil }
        }
        let crossesOrigin = WebOrigin(url) != WebOrigin(current)
        if crossesOrigin {
            for name in credentialFields { next.headerFields[name] = nil }
        }
        return (RedirectHop(request: request, response: response, next: next, crossesOrigin: crossesOrigin), nextBody)
    }

    /// Applies the policy to a hop: the limit, then the app's hook. Returns the request to send
    /// next, or `nil` when the hop is not to be followed.
    static func decide(
        _ hop: RedirectHop,
        body: OutgoingBody?,
        followed: Int,
        policy: RedirectPolicy
    ) async throws(APIError) -> (HTTPRequest, OutgoingBody?)? {
        guard followed < policy.limit else {
            throw APIError(
                .tooManyRedirects,
                "The server redirected more than \(policy.limit) times.",
                request: hop.request,
                response: hop.response
            )
        }
        guard let decide = policy.decide else { return (hop.next, body) }
        switch await decide(hop).base {
        case .follow:
            return (hop.next, body)
        case .stop:
            return nil
        case .modify(var changed):
            guard let changedURL = changed.url, let nextURL = hop.next.url,
                WebOrigin(changedURL) == WebOrigin(nextURL)
            else {
                throw APIError(
                    .invalidRequest,
                    "A redirect hook may change the next request but not send it to another origin.",
                    request: hop.next,
                    response: hop.response
                )
            }
            if hop.crossesOrigin {
                for name in credentialFields { changed.headerFields[name] = nil }
            }
            return (changed, body)
        }
    }
}
