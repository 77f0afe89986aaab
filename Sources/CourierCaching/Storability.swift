import CourierCore
import Foundation
import HTTPTypes

/// Whether a response may be stored (RFC 9111, section 3), by the rules of a private cache and
/// Courier's stricter ones for credentials.
enum Storability {
    /// Whether `response` to `request` may be stored.
    ///
    /// - A `no-store` in the request or the response, a partial response (`206`), a response
    ///   reached through redirects, or `Vary: *`: never.
    /// - A request with `Authorization`, `Proxy-Authorization` or a field of `secretFields` (the
    ///   client's ``Redaction/headerNames``): only when the response says
    ///   `private` or `public`, or the request opts in with ``RequestOptions/cachesAuthorizedResponses``.
    /// - Otherwise when the response has an explicit lifetime (`max-age`, `Expires`), is marked
    ///   `private`/`public`, or has a status that is heuristically cacheable — and it is of some use
    ///   stored: fresh for a while, revalidatable (`ETag`, `Last-Modified`), or kept for
    ///   `stale-if-error` or the offline policy.
    static func allows(
        request: HTTPRequest, response: HTTPResponse, redirected: Bool, options: RequestOptions, keepsStale: Bool,
        secretFields: Set<HTTPField.Name> = []
    ) -> Bool {
        let requestControl = CacheControl(request.headerFields)
        let control = CacheControl(response.headerFields)
        let status = response.status.code
        guard !requestControl.noStore, !control.noStore, !redirected, status >= 200, status != 206,
            Variant.names(in: response) != nil
        else { return false }
        if CacheKey.hasCredential(request, secretFields: secretFields), !control.isPrivate, !control.isPublic,
            !options.cachesAuthorizedResponses
        {
            return false
        }
        let fields = response.headerFields
        let explicit = control.maxAge != nil || fields[.expires] != nil
        guard explicit || control.isPrivate || control.isPublic || Freshness.heuristicallyCacheable.contains(status)
        else { return false }
        let (lifetime, _) = Freshness.lifetime(
            control: control, fields: fields, status: status,
            date: fields[.date].flatMap(HTTPDate.parse) ?? .now)
        let validator = fields[.eTag] != nil || fields[.lastModified] != nil
        return lifetime > 0 || validator || control.staleIfError != nil || keepsStale
    }
}
